package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.config.ComponentOptions;

/** Reads the budget options shared by L1 and L2 from configuration: {@code t-avg}, {@code c-max} or {@code budget=unlimited}. */
final class Budgets {
  static final String T_AVG = "t-avg";
  static final String C_MAX = "c-max";
  static final String BUDGET = "budget";
  static final String T_AVG_HELP = "hops a grid of average size may move, in [0, 1e9] (default 2)";
  static final String C_MAX_HELP = "cap on a grid's parent traffic U_comm x hops x (B + M), instead of t-avg, in [0, 1e300]";
  static final String BUDGET_HELP = "'unlimited' to ignore communication, instead of t-avg or c-max";

  private Budgets() {}

  static BudgetRule from(ComponentOptions o, BudgetRule defaults) {
    int given = (o.has(T_AVG) ? 1 : 0) + (o.has(C_MAX) ? 1 : 0) + (o.has(BUDGET) ? 1 : 0);
    if (given > 1) {
      throw new IllegalArgumentException("amrbalance." + o.component() + ": give at most one of t-avg, c-max, budget");
    }
    if (o.has(T_AVG)) {
      return BudgetRule.averageDistance(o.doubleValue(T_AVG, 2, 0, 1e9));
    }
    if (o.has(C_MAX)) {
      return BudgetRule.communicationCap(o.doubleValue(C_MAX, 0, 0, 1e300));
    }
    if (o.has(BUDGET)) {
      o.choice(BUDGET, "unlimited", java.util.Set.of("unlimited"));
      return BudgetRule.unlimited();
    }
    return defaults;
  }
}
