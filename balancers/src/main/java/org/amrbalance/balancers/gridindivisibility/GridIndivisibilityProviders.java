package org.amrbalance.balancers.gridindivisibility;

import com.google.inject.Module;
import java.util.Map;
import java.util.Set;
import org.amrbalance.config.BalancerProvider;
import org.amrbalance.config.ComponentOptions;

/** Makes the chapter-3 balancers of seed 002 (L1, L2, L3) selectable by name in configuration. */
public final class GridIndivisibilityProviders {
  private GridIndivisibilityProviders() {}

  /** {@code grid-indivisibility}: L1, recursive halving with hop budgets. */
  public static final class RecursiveHalving implements BalancerProvider {
    @Override
    public String name() {
      return GridIndivisibilityModule.NAME;
    }

    @Override
    public String description() {
      return "whole grids, recursive halving of the processors with per-grid hop budgets (L1)";
    }

    @Override
    public Map<String, String> options() {
      return Map.of(
          "epsilon", "load tolerance in work units, in [0, 1e300] (default 0)",
          "partner", "translate or mirror: where a grid goes across a mesh cut (default translate)",
          Budgets.T_AVG, Budgets.T_AVG_HELP, Budgets.C_MAX, Budgets.C_MAX_HELP, Budgets.BUDGET, Budgets.BUDGET_HELP,
          Budgets.MIN_BUDGET, Budgets.MIN_BUDGET_HELP);
    }

    @Override
    public Module module(ComponentOptions o) {
      GridIndivisibilityOptions d = GridIndivisibilityOptions.defaults();
      String partner = o.choice("partner", "translate", Set.of("translate", "mirror"));
      return new GridIndivisibilityModule(d
          .withEpsilon(o.doubleValue("epsilon", d.epsilon(), 0, 1e300))
          .withPartnerRule(partner.equals("mirror") ? PartnerRule.MIRROR : PartnerRule.TRANSLATE)
          .withBudgets(Budgets.from(o, d.budgets())));
    }
  }

  /** {@code list-scheduling}: L2, list scheduling under the same budgets. */
  public static final class ListSchedulingProvider implements BalancerProvider {
    @Override
    public String name() {
      return ListSchedulingModule.NAME;
    }

    @Override
    public String description() {
      return "whole grids, largest first to the least loaded processor within the grid's hop budget (L2)";
    }

    @Override
    public Map<String, String> options() {
      return Map.of(Budgets.T_AVG, Budgets.T_AVG_HELP, Budgets.C_MAX, Budgets.C_MAX_HELP, Budgets.BUDGET,
          Budgets.BUDGET_HELP, Budgets.MIN_BUDGET, Budgets.MIN_BUDGET_HELP);
    }

    @Override
    public Module module(ComponentOptions o) {
      ListSchedulingOptions d = ListSchedulingOptions.defaults();
      return new ListSchedulingModule(d.withBudgets(Budgets.from(o, d.budgets())));
    }
  }

  /** {@code decreasing-fit}: L3, LPT ignoring communication. */
  public static final class DecreasingFitProvider implements BalancerProvider {
    @Override
    public String name() {
      return DecreasingFitModule.NAME;
    }

    @Override
    public String description() {
      return "whole grids, largest first to the least loaded processor, communication ignored (L3, LPT)";
    }

    @Override
    public Map<String, String> options() {
      return Map.of("level-by-level", "balance each level on its own, as levels compute in turn (default true)");
    }

    @Override
    public Module module(ComponentOptions o) {
      DecreasingFitOptions d = DecreasingFitOptions.defaults();
      return new DecreasingFitModule(d.withLevelByLevel(o.booleanValue("level-by-level", d.levelByLevel())));
    }
  }
}
