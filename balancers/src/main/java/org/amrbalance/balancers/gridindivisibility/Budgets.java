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
  static final String MIN_BUDGET = "min-budget";
  static final String MIN_BUDGET_HELP = "hops every grid may move whatever its size, in [0, 1e9] (default 1; 0 keeps"
      + " the thesis's formula, which pins grids larger than t-avg times the mean to their parent)";

  private Budgets() {}

  static BudgetRule from(ComponentOptions o, BudgetRule defaults) {
    BudgetRule rule = rule(o, defaults);
    return rule.withMinimum(o.intValue(MIN_BUDGET, defaults.minimum(), 0, 1_000_000_000));
  }

  private static BudgetRule rule(ComponentOptions o, BudgetRule defaults) {
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
