package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/**
 * Settings of {@link ListSchedulingBalancer}.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record ListSchedulingOptions(BudgetRule budgets) {
  public ListSchedulingOptions {
    Checks.notNull("budgets", budgets);
  }

  /** Budgets from t(avg) = 2 and at least one hop, as {@link GridIndivisibilityOptions#defaults()}. */
  public static ListSchedulingOptions defaults() {
    return new ListSchedulingOptions(BudgetRule.defaults());
  }

  public ListSchedulingOptions withBudgets(BudgetRule value) {
    return new ListSchedulingOptions(value);
  }
}
