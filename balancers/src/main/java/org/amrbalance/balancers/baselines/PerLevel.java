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
 */
final class PerLevel {
  private PerLevel() {}

  /** Ranks for {@code patches}, in their order. */
  @FunctionalInterface
  interface Placement {
    int[] place(List<Patch> patches, int ranks);
  }

  static Assignment balance(BalanceProblem problem, boolean levelByLevel, Placement placement) {
    Map<Integer, Integer> rankOf = new HashMap<>();
    if (levelByLevel) {
      for (int level = 0; level <= problem.hierarchy().finestLevel(); level++) {
        put(rankOf, problem.hierarchy().level(level), placement.place(problem.hierarchy().level(level),
            problem.ranks()));
      }
    } else {
      List<Patch> all = problem.hierarchy().patches();
      put(rankOf, all, placement.place(all, problem.ranks()));
    }
    return Assignment.wholeGrids(problem.hierarchy(), problem.ranks(), rankOf);
  }

  private static void put(Map<Integer, Integer> rankOf, List<Patch> patches, int[] rank) {
    for (int i = 0; i < patches.size(); i++) {
      rankOf.put(patches.get(i).id(), rank[i]);
    }
  }
}
