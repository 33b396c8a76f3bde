package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link GridIndivisibilityBalancer}.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record GridIndivisibilityOptions(double epsilon, BudgetRule budgets, PartnerRule partnerRule) {
  /**
   * Where a grid goes when it crosses a cut of a 2-D mesh (seed 002 §10, left open by the thesis). On a
   * hypercube and on a fully connected machine the partner is always the processor with the cut's address
   * bit complemented (one hop), whatever the rule.
   */
  public enum PartnerRule {
    /**
     * Translate by the width of the source half across the cut: the image of complementing the cut's address
     * bit. Costs w/2 hops for a block of width w, so the first cuts of a large mesh are expensive.
     */
    TRANSLATE,
    /** Mirror across the cut line: 1 hop next to the cut, up to w-1 hops at the far edge. */
    MIRROR
  }

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
