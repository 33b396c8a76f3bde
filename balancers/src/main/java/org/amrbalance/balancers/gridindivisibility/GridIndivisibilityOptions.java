package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import java.util.Objects;
import javax.annotation.concurrent.Immutable;

/** Settings of {@link GridIndivisibilityBalancer}. */
@Immutable
public final class GridIndivisibilityOptions {
  private final double epsilon;
  private final BudgetRule budgets;
  private final PartnerRule partnerRule;

  private GridIndivisibilityOptions(double epsilon, BudgetRule budgets, PartnerRule partnerRule) {
    this.epsilon = epsilon;
    this.budgets = budgets;
    this.partnerRule = partnerRule;
  }

  /**
   * ε = 0 (balance as far as whole grids allow; the thesis gives no value), budgets from t(avg) = 2 (the
   * thesis finds the total cost flat from t(avg) = 2 on) and at least one hop ({@link BudgetRule#withMinimum}), the
   * translate partner rule on meshes.
   */
  public static GridIndivisibilityOptions defaults() {
    return new GridIndivisibilityOptions(0, BudgetRule.averageDistance(2).withMinimum(1), PartnerRule.TRANSLATE);
  }

  /** The tolerance ε, in work units, in [0, +inf). */
  public GridIndivisibilityOptions withEpsilon(double value) {
    Checks.check(Double.isFinite(value) && value >= 0, "epsilon", value, "must be in [0, +inf)");
    return new GridIndivisibilityOptions(value, budgets, partnerRule);
  }

  public GridIndivisibilityOptions withBudgets(BudgetRule value) {
    return new GridIndivisibilityOptions(epsilon, Checks.notNull("budgets", value), partnerRule);
  }

  public GridIndivisibilityOptions withPartnerRule(PartnerRule value) {
    return new GridIndivisibilityOptions(epsilon, budgets, Checks.notNull("partnerRule", value));
  }

  public double epsilon() {
    return epsilon;
  }

  public BudgetRule budgets() {
    return budgets;
  }

  public PartnerRule partnerRule() {
    return partnerRule;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GridIndivisibilityOptions g && Double.compare(g.epsilon, epsilon) == 0
        && g.budgets.equals(budgets) && g.partnerRule == partnerRule;
  }

  @Override
  public int hashCode() {
    return Objects.hash(epsilon, budgets, partnerRule);
  }

  @Override
  public String toString() {
    return "GridIndivisibilityOptions[epsilon=" + epsilon + ", budgets=" + budgets + ", partnerRule=" + partnerRule
        + "]";
  }
}
