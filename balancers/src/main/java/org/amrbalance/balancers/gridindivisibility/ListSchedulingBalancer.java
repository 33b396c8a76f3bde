package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;

/** Whole grids, level by level, with L2 ({@link ListScheduling}) under the same budgets as L1. */
public final class ListSchedulingBalancer implements LoadBalancer {
  private final ListSchedulingOptions options;

  public ListSchedulingBalancer(ListSchedulingOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    ListScheduling l2 = new ListScheduling();
    return GenerationDriver.balance(problem, options.budgets(),
        (tokens, unitsPerWork, below) -> l2.schedule(tokens, problem.machine(), below));
  }
}
