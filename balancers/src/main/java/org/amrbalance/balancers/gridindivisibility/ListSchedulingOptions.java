package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/** Settings of {@link ListSchedulingBalancer}. */
@Immutable
public final class ListSchedulingOptions {
  private final BudgetRule budgets;

  private ListSchedulingOptions(BudgetRule budgets) {
    this.budgets = budgets;
  }

  /** Budgets from t(avg) = 2 and at least one hop, as {@link GridIndivisibilityOptions#defaults()}. */
  public static ListSchedulingOptions defaults() {
    return new ListSchedulingOptions(BudgetRule.averageDistance(2).withMinimum(1));
  }

  public ListSchedulingOptions withBudgets(BudgetRule value) {
    return new ListSchedulingOptions(Checks.notNull("budgets", value));
  }

  public BudgetRule budgets() {
    return budgets;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ListSchedulingOptions l && l.budgets.equals(budgets);
  }

  @Override
  public int hashCode() {
    return budgets.hashCode();
  }

  @Override
  public String toString() {
    return "ListSchedulingOptions[budgets=" + budgets + "]";
  }
}
