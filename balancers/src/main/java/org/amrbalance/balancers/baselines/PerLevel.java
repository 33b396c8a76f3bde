package org.amrbalance.balancers.baselines;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Patch;

/**
 * Applies a whole-grid placement to each level of a hierarchy separately (as AMReX keeps one distribution
 * mapping per level) or to all patches at once.
 *
 * <p>Level by level, each placement is told the work already placed on every rank by the coarser levels, and
 * uses it to break its ties and order its choices: balancing each level alone leaves many equally good answers
 * (all ranks are empty when a level starts), and picking the lowest rank every time stacks every level's
 * heaviest grids on the same ranks. Preferring the ranks with the least work below keeps each level as balanced
 * as before (level-synchronous efficiency) while the total load spreads too.
 */
final class PerLevel {
  private PerLevel() {}

  /** Ranks for {@code patches}, in their order. */
  @FunctionalInterface
  interface Placement {
    /**
     * @param below work already placed on each rank by coarser levels (all zero for a single placement); read only
     */
    int[] place(List<Patch> patches, int ranks, double[] below);
  }

  static Assignment balance(BalanceProblem problem, boolean levelByLevel, Placement placement) {
    Map<Integer, Integer> rankOf = new HashMap<>();
    double[] below = new double[problem.ranks()];
    if (levelByLevel) {
      for (int level = 0; level <= problem.hierarchy().finestLevel(); level++) {
        List<Patch> patches = problem.hierarchy().level(level);
        int[] rank = placement.place(patches, problem.ranks(), below.clone());
        put(rankOf, patches, rank);
        for (int i = 0; i < patches.size(); i++) {
          below[rank[i]] += patches.get(i).work();
        }
      }
    } else {
      List<Patch> all = problem.hierarchy().patches();
      put(rankOf, all, placement.place(all, problem.ranks(), below));
    }
    return Assignment.wholeGrids(problem.hierarchy(), problem.ranks(), rankOf);
  }

  /**
   * The ranks in increasing order of {@code below}, ties by rank: the order in which a level hands out equally good
   * ranks.
   */
  static int[] byLoadBelow(double[] below) {
    Integer[] order = new Integer[below.length];
    for (int r = 0; r < order.length; r++) {
      order[r] = r;
    }
    java.util.Arrays.sort(order, (a, b) -> below[a] != below[b] ? Double.compare(below[a], below[b])
        : Integer.compare(a, b));
    int[] out = new int[order.length];
    for (int r = 0; r < out.length; r++) {
      out[r] = order[r];
    }
    return out;
  }

  /**
   * Hands the patches a level placement gave to rank k (bin k) to the rank whose turn it is by the work below:
   * the heaviest bin to the rank with the least work below (ties: the lower bin, the lower rank). Pairing the two
   * sorted lists in opposite orders minimises the largest bin + below over all ways to hand the bins out, and the
   * level's own balance is untouched. With no work below the placement is returned as it is.
   */
  static int[] pairWithLoadBelow(int[] bin, List<Patch> patches, double[] below) {
    int ranks = below.length;
    boolean none = true;
    for (double b : below) {
      none &= b == 0;
    }
    if (none) {
      return bin;
    }
    double[] work = new double[ranks];
    for (int i = 0; i < bin.length; i++) {
      work[bin[i]] += patches.get(i).work();
    }
    Integer[] bins = new Integer[ranks];
    for (int k = 0; k < ranks; k++) {
      bins[k] = k;
    }
    java.util.Arrays.sort(bins, (a, b) -> work[a] != work[b] ? Double.compare(work[b], work[a])
        : Integer.compare(a, b));
    int[] targets = byLoadBelow(below);
    int[] to = new int[ranks];
    for (int k = 0; k < ranks; k++) {
      to[bins[k]] = targets[k];
    }
    int[] rank = new int[bin.length];
    for (int i = 0; i < bin.length; i++) {
      rank[i] = to[bin[i]];
    }
    return rank;
  }

  /**
   * A level's placement {@code bin} made better for the total load at the same level maximum: the better (smaller
   * largest below + level load; {@code pairWithLoadBelow} on a tie) of its bins paired with the work below and
   * {@link LevelCappedLpt} capped at the placement's level maximum.
   */
  static int[] forTotalLoad(int[] bin, List<Patch> patches, double[] below) {
    int[] paired = pairWithLoadBelow(bin, patches, below);
    if (paired == bin) {
      return bin; // nothing below: the level alone decides
    }
    double[] work = new double[patches.size()];
    for (int i = 0; i < work.length; i++) {
      work[i] = patches.get(i).work();
    }
    int[] capped = LevelCappedLpt.place(work, below, LevelCappedLpt.makespan(bin, work, below.length));
    if (capped != null
        && LevelCappedLpt.maxTotal(capped, work, below) < LevelCappedLpt.maxTotal(paired, work, below)) {
      return capped;
    }
    return paired;
  }

  private static void put(Map<Integer, Integer> rankOf, List<Patch> patches, int[] rank) {
    for (int i = 0; i < patches.size(); i++) {
      rankOf.put(patches.get(i).id(), rank[i]);
    }
  }
}
