package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;

/**
 * Whole grids, balanced level by level with L1 (recursive halving under per-grid hop budgets, seed 002
 * chapter 3); see {@link GenerationDriver} for how a hierarchy becomes tokens and {@link HalvingPlan} for
 * how each topology is halved.
 */
public final class GridIndivisibilityBalancer implements LoadBalancer {
  private final GridIndivisibilityOptions options;

  public GridIndivisibilityBalancer(GridIndivisibilityOptions options) {
    this.options = Checks.notNull("options", options);
  }

  public GridIndivisibilityOptions options() {
    return options;
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    HalvingPlan plan = HalvingPlan.of(problem.machine(), options.partnerRule());
    return GenerationDriver.balance(problem, options.budgets(), (tokens, unitsPerWork, below) ->
        RecursiveHalvingScheduler.of(options.epsilon() * unitsPerWork, options.partnerRule()).schedule(tokens, plan));
  }
}
