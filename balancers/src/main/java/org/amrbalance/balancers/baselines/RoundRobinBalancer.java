package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.Inject;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Patch;
import java.util.HashMap;
import java.util.Map;

/**
 * Whole patches dealt to ranks in turn, in hierarchy order (level, then id), ignoring work and locality:
 * the scatter-style baseline of seed 002 §2.2.3 as AMR codes offer it.
 */
public final class RoundRobinBalancer implements LoadBalancer {
  private final RoundRobinOptions options;

  /** The default deal: one pass over the whole hierarchy. */
  public RoundRobinBalancer() {
    this(RoundRobinOptions.defaults());
  }

  @Inject
  public RoundRobinBalancer(RoundRobinOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    Map<Integer, Integer> rank = new HashMap<>();
    int next = 0;
    int level = 0;
    for (Patch p : problem.hierarchy().patches()) {
      if (options.restartEachLevel() && p.level() != level) {
        level = p.level();
        next = 0;
      }
      rank.put(p.id(), next);
      next = (next + 1) % problem.ranks();
    }
    return Assignment.wholeGrids(problem.hierarchy(), problem.ranks(), rank);
  }
}
