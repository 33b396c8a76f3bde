package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;

/**
 * Whole patches dealt to ranks in turn, in hierarchy order (level, then id), ignoring work and locality:
 * the scatter-style baseline of seed 002 §2.2.3 as AMR codes offer it. With {@code restartEachLevel} every level
 * is dealt again, over the ranks in increasing order of the work the coarser levels already placed on them (ties by
 * rank, so the first level starts on rank 0): a level's first patches go where there is least below them, rather
 * than onto rank 0 every time.
 */
public final class RoundRobinBalancer implements LoadBalancer {
  private final RoundRobinOptions options;

  /** The default deal: one pass over the whole hierarchy. */
  public RoundRobinBalancer() {
    this(RoundRobinOptions.defaults());
  }

  public RoundRobinBalancer(RoundRobinOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    if (options.restartEachLevel()) {
      return PerLevel.balance(problem, true, (patches, ranks, below) -> {
        int[] order = PerLevel.byLoadBelow(below);
        int[] rank = new int[patches.size()];
        for (int i = 0; i < rank.length; i++) {
          rank[i] = order[i % ranks];
        }
        return rank;
      });
    }
    int[] rank = new int[problem.hierarchy().patchCount()];
    for (int i = 0; i < rank.length; i++) {
      rank[i] = i % problem.ranks();
    }
    return PerLevel.wholeGrids(problem.hierarchy(), problem.ranks(), rank);
  }
}
