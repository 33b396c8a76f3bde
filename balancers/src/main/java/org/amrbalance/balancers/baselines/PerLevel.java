package org.amrbalance.balancers.baselines;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Hierarchy;
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
    Hierarchy h = problem.hierarchy();
    // Ranks in hierarchy order: the levels follow one another in it, each in the order level() gives.
    int[] rankAt = new int[h.patchCount()];
    double[] below = new double[problem.ranks()];
    if (levelByLevel) {
      int offset = 0;
      for (int level = 0; level <= h.finestLevel(); level++) {
        List<Patch> patches = h.level(level);
        int[] rank = placement.place(patches, problem.ranks(), below.clone());
        System.arraycopy(rank, 0, rankAt, offset, patches.size());
        offset += patches.size();
        for (int i = 0; i < patches.size(); i++) {
          below[rank[i]] += patches.get(i).work();
        }
      }
    } else {
      List<Patch> all = h.patches();
      System.arraycopy(placement.place(all, problem.ranks(), below), 0, rankAt, 0, all.size());
    }
    return wholeGrids(h, problem.ranks(), rankAt);
  }

  /** The assignment of every patch whole on {@code rankAt[i]}, i its place in {@code h.patches()}. */
  static Assignment wholeGrids(Hierarchy h, int ranks, int[] rankAt) {
    List<Patch> patches = h.patches();
    int maxId = 0;
    for (Patch p : patches) {
      maxId = Math.max(maxId, p.id());
    }
    if (maxId >= 4L * patches.size() + 1024) { // sparse ids: a map rather than a table
      Map<Integer, Integer> rankOf = new HashMap<>();
      for (int i = 0; i < patches.size(); i++) {
        rankOf.put(patches.get(i).id(), rankAt[i]);
      }
      return Assignment.wholeGrids(h, ranks, rankOf);
    }
    int[] rankOfId = new int[maxId + 1];
    for (int i = 0; i < patches.size(); i++) {
      rankOfId[patches.get(i).id()] = rankAt[i];
    }
    return Assignment.wholeGrids(h, ranks, id -> rankOfId[id]);
  }

  /**
   * The ranks in increasing order of {@code below}, ties by rank: the order in which a level hands out equally good
   * ranks.
   */
  static int[] byLoadBelow(double[] below) {
    return IndexOrder.increasing(below);
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
    int[] bins = IndexOrder.decreasing(work);
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
}
