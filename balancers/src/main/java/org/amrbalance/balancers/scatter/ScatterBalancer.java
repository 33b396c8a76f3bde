package org.amrbalance.balancers.scatter;

import org.amrbalance.balancers.scatter.ScatterOptions.ProcessorLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Topology;

/**
 * Scatter (modular) decomposition in 1, 2 and 3 dimensions (seed 004 §2, spec §9.1). The ranks form a
 * processor grid {@code q} with {@code P = q[0] * ... * q[dim-1]} ({@link ProcessorLayout}); the level-0
 * domain is cut along each axis j into {@code g[j] = min(k * q[j], cells along j)} equal blocks, block b
 * along j spanning cells {@code [floor(b * N / g), floor((b + 1) * N / g))} (sizes differ by at most one cell
 * when g does not divide N); block {@code (b_0, .., b_{dim-1})} goes to the processor with grid coordinates
 * {@code c_j = b_j mod q[j]}, which is rank {@code c_0 + q[0] * (c_1 + q[1] * c_2)} (axis 0 fastest, as
 * {@link Topology#mesh} numbers ranks). Every patch is cut along the block boundaries, refined to its level
 * (a level-0 boundary x cuts a level-l patch at {@code x * cumulativeRatio(l)}); an axis with
 * {@code q[j] = 1} is not cut at all, since all its blocks belong to the same processor coordinate. Work is
 * not looked at: the balance comes from the workload's spatial correlation, which is what seed 004 analyses.
 */
@Immutable
public final class ScatterBalancer implements LoadBalancer {
  /** The configuration name. */
  public static final String NAME = "scatter";

  private final ScatterOptions options;

  public ScatterBalancer() {
    this(ScatterOptions.defaults());
  }

  public ScatterBalancer(ScatterOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("options = null: must not be null");
    }
    this.options = options;
  }

  public ScatterOptions options() {
    return options;
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    return balance(problem, PIECE_BUDGET);
  }

  /** {@link #balance(BalanceProblem)} with {@code pieceBudget} for the granularities finer than the configured one. */
  Assignment balance(BalanceProblem problem, long pieceBudget) {
    int[] q = processorGrid(problem);
    if (!options.latticeFromHierarchy()) {
      return new BlockLattice(problem.hierarchy(), q, options.blocksPerProcessor(), 0).assign(problem.ranks());
    }
    Hierarchy h = problem.hierarchy();
    BlockLattice best = null;
    double bestEfficiency = -1;
    for (int factor = 1; factor <= MAX_GRANULARITY_FACTOR; factor *= 2) {
      long k = (long) options.blocksPerProcessor() * factor;
      int level = 0;
      while (level < h.finestLevel() && !holds(h.domainAt(level), q, k)) {
        level++;
      }
      if (factor > 1 && !holds(h.domainAt(level), q, k)) {
        break; // the finest lattice cannot hold more blocks
      }
      // Candidates are compared by their loads alone; only the chosen one is built as pieces.
      BlockLattice candidate = new BlockLattice(h, q, (int) k, level);
      if (factor > 1 && candidate.pieceCount() > pieceBudget) {
        break; // finer ones hold more pieces still
      }
      double e = candidate.levelSynchronousEfficiency(problem.ranks());
      // A finer granularity multiplies the pieces (and their faces): it must gain 5% to be taken.
      if (best == null || e > bestEfficiency * WORTH_FINER) {
        best = candidate;
        bestEfficiency = e;
      }
    }
    return best.assign(problem.ranks());
  }

  /** The relative gain in level-synchronous efficiency a finer granularity must bring. */
  static final double WORTH_FINER = 1.05;

  /**
   * The most pieces a granularity finer than the configured one may give: an answer of 2^22 pieces takes about
   * 400 MB as pieces and boxes, and a finer choice is only worth what the solver can hold (the configured
   * granularity itself is always taken).
   */
  static final long PIECE_BUDGET = 1L << 22;

  /** The largest granularity tried, as a multiple of the configured one. */
  static final int MAX_GRANULARITY_FACTOR = 8;

  /** Whether {@code domain} has at least k q[d] cells along every axis d. */
  private static boolean holds(Box domain, int[] q, long k) {
    for (int d = 0; d < domain.dim(); d++) {
      if (domain.length(d) < k * q[d]) {
        return false;
      }
    }
    return true;
  }

  /** The processor grid this balancer uses for {@code problem}: one extent per domain axis, product = ranks. */
  public int[] processorGrid(BalanceProblem problem) {
    Box domain = problem.hierarchy().domain();
    int ranks = problem.ranks();
    int[] explicit = options.processorGrid();
    if (explicit != null) {
      long product = 1;
      for (int e : explicit) {
        product *= e;
      }
      if (explicit.length != domain.dim() || product != ranks) {
        throw new IllegalArgumentException("processorGrid = " + Arrays.toString(explicit) + ": needs "
            + domain.dim() + " extents with product " + ranks + " (the rank count)");
      }
      return explicit;
    }
    if (options.layout() == ProcessorLayout.STRIPS) {
      int[] q = new int[domain.dim()];
      Arrays.fill(q, 1);
      q[domain.longestAxis()] = ranks;
      return q;
    }
    if (domain.dim() == 2 && problem.machine().topology() instanceof Topology.Mesh mesh) {
      return new int[] {mesh.p(), mesh.q()};
    }
    return factor(domain, ranks);
  }

  /**
   * The prime factors of {@code ranks}, largest first, each multiplying the extent of the axis with the most
   * domain cells per processor coordinate (the lowest axis on a tie).
   */
  public static int[] factor(Box domain, int ranks) {
    if (ranks < 1) {
      throw new IllegalArgumentException("ranks = " + ranks + ": must be >= 1");
    }
    List<Integer> primes = new ArrayList<>();
    int rest = ranks;
    for (int f = 2; (long) f * f <= rest; f++) {
      while (rest % f == 0) {
        primes.add(f);
        rest /= f;
      }
    }
    if (rest > 1) {
      primes.add(rest);
    }
    int[] q = new int[domain.dim()];
    Arrays.fill(q, 1);
    for (int i = primes.size() - 1; i >= 0; i--) {
      int best = 0;
      for (int d = 1; d < q.length; d++) {
        // cells per coordinate: length(d) / q[d] > length(best) / q[best], compared exactly
        if ((long) domain.length(d) * q[best] > (long) domain.length(best) * q[d]) {
          best = d;
        }
      }
      q[best] *= primes.get(i);
    }
    return q;
  }

  @Override
  public String toString() {
    return NAME + "(" + options + ")";
  }
}
