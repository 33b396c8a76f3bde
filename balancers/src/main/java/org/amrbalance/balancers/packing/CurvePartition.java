package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.balancers.baselines.SpaceFillingCurve;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * One level allocated by volume (the default allocation of {@code grid-packing}): every grid gets a share of the
 * processors in proportion to its work and is cut over them, whatever the grid count. The level's grids are put
 * in Hilbert order of their centres (in the finest index space, so that a level's order follows its parents'),
 * the order is laid on the work axis [0, W), and rank r takes [r W / P, (r + 1) W / P): a grid whose interval
 * spans several ranks is cut into one piece per rank by {@link WeightedBisection}, with volumes in proportion to
 * the parts of its interval. A part smaller than a fraction {@value #MERGE} of a rank's share, or than half the
 * thinnest slab the minimum piece edge allows across a share-sized piece, is merged into its larger neighbour, and a grid
 * that cannot be cut into as many pieces is cut into fewer, each for the owner of its largest part; nothing else
 * is left idle. Cuts land on whole cells, so a rank gets a little more or less than its share: the next grid
 * starts where the rank's actual load ends, so that these errors do not add up along the curve, and {@link
 * PieceShaving} then moves slabs from the most to the least loaded ranks while that lowers the level's maximum.
 *
 * <p>Work is assumed uniform within a grid (pieces carry work in proportion to their cells, as {@code
 * BalanceReport} counts it). O(M log M + P) per level for M grids and P ranks.
 */
final class CurvePartition {
  /** Shares below this fraction of a rank's share are merged into a neighbour rather than cut off. */
  static final double MERGE = 0.05;

  private CurvePartition() {}

  /**
   * The pieces of one level's patches over ranks {@code 0..ranks-1}, the first of the curve on rank {@code first}
   * (ranks taken in turn, modulo {@code ranks}).
   *
   * @param minEdge the thinnest piece along a cut axis, in cells
   */
  static List<Piece> partition(Hierarchy h, List<Patch> patches, int ranks, int minEdge, int first) {
    int m = patches.size();
    double[] work = new double[m];
    double total = 0;
    for (int i = 0; i < m; i++) {
      work[i] = patches.get(i).work();
      total += work[i];
    }
    Integer[] order = curveOrder(h, patches);
    List<Piece> pieces = new ArrayList<>();
    int rank = 0; // the rank being filled
    double filled = 0; // its load so far
    double done = 0; // the load of the ranks before it
    for (int k = 0; k < m; k++) {
      int i = order[k];
      Patch p = patches.get(i);
      // Each rank's share is what is left over the ranks left, so that rounding errors spread instead of adding up.
      double share = (total - done) / (ranks - rank);
      if (!(share > 0) || work[i] == 0) {
        pieces.add(Piece.whole(p, (first + rank) % ranks));
        continue;
      }
      double room = Math.max(0, share - filled);
      if (work[i] <= room || rank == ranks - 1 || work[i] < MERGE * share) {
        // The common case with many small grids: the grid fits the rank being filled (a sliver over its share
        // stays there rather than becoming a piece), and nothing is cut.
        pieces.add(Piece.whole(p, (first + rank) % ranks));
        filled += work[i];
        if (filled >= share && rank < ranks - 1) {
          done += filled;
          rank++;
          filled = 0;
        }
        continue;
      }
      List<Integer> owner = new ArrayList<>();
      List<Double> part = new ArrayList<>();
      double left = work[i];
      int r = rank;
      while (left > 0) {
        double take = r == ranks - 1 ? left : Math.min(left, room);
        if (take > 0) {
          owner.add(r);
          part.add(take);
        }
        left -= take;
        if (left > 0) {
          r++;
          room = share;
        }
      }
      // Only the first and last parts can be small: the ones between are whole shares. A part is cut off a piece
      // about a share in size, so it must be at least half a slab of minimum thickness across such a piece.
      double edge = Math.min(Math.pow(Math.min(share, work[i]) * p.box().volume() / work[i], 1.0 / p.box().dim()),
          p.box().length(p.box().longestAxis()));
      double slab = Math.min(share, work[i]) * minEdge / 2.0 / edge;
      mergeEnds(owner, part, Math.max(MERGE * share, Math.min(slab, share / 2)));
      int groups = (int) Math.min(owner.size(), WeightedBisection.capacity(p.box(), minEdge));
      List<List<Box>> boxes = null;
      while (boxes == null) {
        regroup(owner, part, groups);
        double[] w = part.stream().mapToDouble(Double::doubleValue).toArray();
        boxes = WeightedBisection.cut(p.box(), w, minEdge);
        groups--; // one piece always fits
      }
      for (int j = 0; j < boxes.size(); j++) {
        int o = owner.get(j);
        double got = 0;
        for (Box b : boxes.get(j)) {
          pieces.add(Piece.of(p.id(), b, (first + o) % ranks));
          got += work[i] * b.volume() / (double) p.box().volume();
        }
        if (o > rank) { // the rank before is done; a rank skipped by a regrouping keeps what it has
          done += filled;
          rank = o;
          filled = 0;
        }
        filled += got;
      }
      if (filled >= share && rank < ranks - 1) {
        done += filled;
        rank++;
        filled = 0;
      }
    }
    Map<Integer, Double> density = new HashMap<>();
    for (Patch p : patches) {
      density.put(p.id(), p.work() / p.box().volume());
    }
    return PieceShaving.shave(pieces, density, ranks, minEdge, SHAVING_ROUNDS_PER_RANK * ranks);
  }

  /** Moves of {@link PieceShaving} per rank and level. */
  static final int SHAVING_ROUNDS_PER_RANK = 8;

  /** Merges the first and the last part into their neighbour if below {@code least}, while two parts are left. */
  private static void mergeEnds(List<Integer> owner, List<Double> part, double least) {
    if (owner.size() > 1 && part.get(part.size() - 1) < least) {
      mergeInto(owner, part, part.size() - 1);
    }
    if (owner.size() > 1 && part.get(0) < least) {
      mergeInto(owner, part, 0);
    }
  }

  /**
   * Regroups consecutive parts into {@code groups} of about equal sums (group g ends at the part that reaches
   * (g + 1) / groups of the total); each group goes to the owner of its largest part. The other owners get none of
   * this grid: the grid cannot be cut finer.
   */
  private static void regroup(List<Integer> owner, List<Double> part, int groups) {
    if (groups >= part.size()) {
      return;
    }
    double total = 0;
    for (double x : part) {
      total += x;
    }
    List<Integer> newOwner = new ArrayList<>();
    List<Double> newPart = new ArrayList<>();
    double sum = 0;
    double group = 0;
    int best = -1;
    int g = 0;
    for (int j = 0; j < part.size(); j++) {
      group += part.get(j);
      sum += part.get(j);
      best = best < 0 || part.get(j) > part.get(best) ? j : best;
      int left = part.size() - j - 1; // parts still to come
      boolean close = j == part.size() - 1 || (sum >= (g + 1) * total / groups && left >= groups - g - 1)
          || left == groups - g - 1;
      if (close) {
        newOwner.add(owner.get(best));
        newPart.add(group);
        group = 0;
        best = -1;
        g++;
      }
    }
    owner.clear();
    owner.addAll(newOwner);
    part.clear();
    part.addAll(newPart);
  }

  /** Part j goes to its larger neighbour (the earlier on a tie); its owner loses it. */
  private static void mergeInto(List<Integer> owner, List<Double> part, int j) {
    int left = j - 1;
    int right = j + 1;
    int into = right >= part.size() || (left >= 0 && part.get(left) >= part.get(right)) ? left : right;
    part.set(into, part.get(into) + part.get(j));
    part.remove(j);
    owner.remove(j);
  }

  /** The patches' indices in Hilbert order of their centres in the finest index space; ties by id. */
  static Integer[] curveOrder(Hierarchy h, List<Patch> patches) {
    int dim = h.dim();
    int finest = h.finestLevel();
    Box domain = h.domainAt(finest);
    int need = 1;
    for (int d = 0; d < dim; d++) {
      need = Math.max(need, 64 - Long.numberOfLeadingZeros(2L * domain.length(d)));
    }
    int bits = Math.min(need, 63 / dim);
    int shift = need - bits;
    long[] key = new long[patches.size()];
    int[] c = new int[dim];
    for (int i = 0; i < patches.size(); i++) {
      Patch p = patches.get(i);
      long scale = h.cumulativeRatio(finest) / h.cumulativeRatio(p.level());
      for (int d = 0; d < dim; d++) {
        long twice = ((long) p.box().lo(d) + p.box().hi(d) + 1) * scale - 2L * domain.lo(d);
        c[d] = (int) (Math.max(0, twice - 1) >> shift);
      }
      key[i] = SpaceFillingCurve.HILBERT.key(c, bits);
    }
    Integer[] order = new Integer[patches.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> key[a] != key[b] ? Long.compare(key[a], key[b])
        : Integer.compare(patches.get(a).id(), patches.get(b).id()));
    return order;
  }
}
