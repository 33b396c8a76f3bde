package org.amrbalance.spi;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * How the ranks are connected, as far as the balancers care: the hop distance between two ranks. The
 * papers' cost models charge communication per point per hop and ignore link contention.
 */
@Immutable
public sealed interface Topology permits Topology.Hypercube, Topology.Mesh, Topology.FullyConnected {

  /** Number of ranks. */
  int size();

  /** Links on a shortest path from rank {@code a} to rank {@code b}. */
  int hops(int a, int b);

  /** The largest hop distance between two ranks. */
  int diameter();

  /** A hypercube of {@code 2^dimension} ranks; hops are the Hamming distance of the rank addresses. */
  static Hypercube hypercube(int dimension) {
    if (!(dimension >= 0 && dimension <= 30)) {
      throw Checks.bad("dimension", dimension, "must be in [0, 30]");
    }
    return new Hypercube(dimension);
  }

  /** A hypercube of {@code ranks} ranks, which must be a power of two. */
  static Hypercube hypercubeOfSize(int ranks) {
    Checks.positive("ranks", ranks);
    if (Integer.bitCount(ranks) != 1) {
      throw Checks.bad("ranks", ranks, "a hypercube needs a power of two");
    }
    return new Hypercube(Integer.numberOfTrailingZeros(ranks));
  }

  /**
   * A 2-D mesh of {@code p} columns (x, along a packing's width) by {@code q} rows (y); rank
   * {@code y * p + x} sits at {@code (x, y)} and hops are the Manhattan distance (no wrap-around).
   */
  static Mesh mesh(int p, int q) {
    Checks.positive("p", p);
    Checks.positive("q", q);
    if ((long) p * q > Integer.MAX_VALUE) {
      throw Checks.bad("p * q", (long) p * q, "too many ranks");
    }
    return new Mesh(p, q);
  }

  /** Every rank one hop from every other. */
  static FullyConnected fullyConnected(int ranks) {
    Checks.positive("ranks", ranks);
    return new FullyConnected(ranks);
  }

  /** See {@link Topology#hypercube}. */
  @Immutable
  final class Hypercube implements Topology {
    private final int dimension;

    private Hypercube(int dimension) {
      this.dimension = dimension;
    }

    public int dimension() {
      return dimension;
    }

    @Override
    public int size() {
      return 1 << dimension;
    }

    @Override
    public int hops(int a, int b) {
      checkRank(this, "a", a);
      checkRank(this, "b", b);
      return Integer.bitCount(a ^ b);
    }

    @Override
    public int diameter() {
      return dimension;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Hypercube h && h.dimension == dimension;
    }

    @Override
    public int hashCode() {
      return dimension;
    }

    @Override
    public String toString() {
      return "hypercube(" + size() + ")";
    }
  }

  /** See {@link Topology#mesh}. */
  @Immutable
  final class Mesh implements Topology {
    private final int p;
    private final int q;

    private Mesh(int p, int q) {
      this.p = p;
      this.q = q;
    }

    /** Columns (extent along x). */
    public int p() {
      return p;
    }

    /** Rows (extent along y). */
    public int q() {
      return q;
    }

    public int x(int rank) {
      checkRank(this, "rank", rank);
      return rank % p;
    }

    public int y(int rank) {
      checkRank(this, "rank", rank);
      return rank / p;
    }

    public int rankAt(int x, int y) {
      if (!(x >= 0 && x < p)) {
        throw Checks.bad("x", x, "must be in [0, " + p + ")");
      }
      if (!(y >= 0 && y < q)) {
        throw Checks.bad("y", y, "must be in [0, " + q + ")");
      }
      return y * p + x;
    }

    @Override
    public int size() {
      return p * q;
    }

    @Override
    public int hops(int a, int b) {
      return Math.abs(x(a) - x(b)) + Math.abs(y(a) - y(b));
    }

    @Override
    public int diameter() {
      return p - 1 + q - 1;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Mesh m && m.p == p && m.q == q;
    }

    @Override
    public int hashCode() {
      return 31 * p + q;
    }

    @Override
    public String toString() {
      return "mesh(" + p + "x" + q + ")";
    }
  }

  /** See {@link Topology#fullyConnected}. */
  @Immutable
  final class FullyConnected implements Topology {
    private final int ranks;

    private FullyConnected(int ranks) {
      this.ranks = ranks;
    }

    @Override
    public int size() {
      return ranks;
    }

    @Override
    public int hops(int a, int b) {
      checkRank(this, "a", a);
      checkRank(this, "b", b);
      return a == b ? 0 : 1;
    }

    @Override
    public int diameter() {
      return ranks > 1 ? 1 : 0;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof FullyConnected f && f.ranks == ranks;
    }

    @Override
    public int hashCode() {
      return ranks;
    }

    @Override
    public String toString() {
      return "fully-connected(" + ranks + ")";
    }
  }

  private static void checkRank(Topology t, String field, int rank) {
    if (!(rank >= 0 && rank < t.size())) {
      throw Checks.bad(field, rank, "rank must be in [0, " + t.size() + ")");
    }
  }
}
