package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link GridIndivisibilityBalancer}.
 *
 * @param epsilon the tolerance ε, in work units, in [0, +inf)
 * @param budgets the hop budgets of the grids (not null)
 * @param partnerRule how partners are chosen on meshes (not null)
 */
@Immutable
public record GridIndivisibilityOptions(double epsilon, BudgetRule budgets, PartnerRule partnerRule) {
  public static final Option<Double> EPSILON = Option.number("epsilon", 0, 0, 1e300, "load tolerance in work units");
  public static final Option<PartnerRule> PARTNER = Option.choice("partner", PartnerRule.TRANSLATE,
      "where a grid goes across a mesh cut");

  public GridIndivisibilityOptions {
    EPSILON.check(epsilon);
    Checks.notNull("budgets", budgets);
    Checks.notNull("partnerRule", partnerRule);
  }

  /**
   * ε = 0 (balance as far as whole grids allow; the thesis gives no value), budgets from t(avg) = 2 (the
   * thesis finds the total cost flat from t(avg) = 2 on) and at least one hop ({@link BudgetRule#withMinimum}), the
   * translate partner rule on meshes.
   */
  public static GridIndivisibilityOptions defaults() {
    return new GridIndivisibilityOptions(EPSILON.defaultValue(), BudgetRule.defaults(), PARTNER.defaultValue());
  }

  /** The tolerance ε, in work units, in [0, +inf). */
  public GridIndivisibilityOptions withEpsilon(double value) {
    return new GridIndivisibilityOptions(value, budgets, partnerRule);
  }

  public GridIndivisibilityOptions withBudgets(BudgetRule value) {
    return new GridIndivisibilityOptions(epsilon, value, partnerRule);
  }

  public GridIndivisibilityOptions withPartnerRule(PartnerRule value) {
    return new GridIndivisibilityOptions(epsilon, budgets, value);
  }
}
