package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import org.amrbalance.balancers.LoadBalancers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.CostModel;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

class GridIndivisibilityBalancerTest {
  private static final List<Machine> MACHINES = List.of(Machine.hypercube(8), Machine.mesh(3, 2), Machine.mesh(4, 4),
      Machine.fullyConnected(5));

  private static Hierarchy hierarchy(long seed) {
    return RandomHierarchies.defaults().dim(1 + (int) (seed % 3)).baseSize(16).levels(3).maxChildren(3)
        .generate(seed);
  }

  @Test
  void theDeclarationsBuildTheBalancers() {
    assertThat(LoadBalancers.create("grid-indivisibility")).isInstanceOf(GridIndivisibilityBalancer.class);
    assertThat(LoadBalancers.create("list-scheduling")).isInstanceOf(ListSchedulingBalancer.class);
    assertThat(LoadBalancers.create("decreasing-fit")).isInstanceOf(DecreasingFitBalancer.class);
    GridIndivisibilityOptions eps = GridIndivisibilityOptions.defaults().withEpsilon(3);
    assertThat(((GridIndivisibilityBalancer) LoadBalancers.create("grid-indivisibility", java.util.Map.of("epsilon",
        "3"))).options()).isEqualTo(eps);
    assertThat(((GridIndivisibilityBalancer) LoadBalancers.create("grid-indivisibility")).options())
        .isEqualTo(GridIndivisibilityOptions.defaults());
  }

  @Test
  void optionsRejectOutOfRangeValues() {
    assertThatThrownBy(() -> GridIndivisibilityOptions.defaults().withEpsilon(-0.5))
        .hasMessageContaining("epsilon = -0.5");
    assertThatThrownBy(() -> BudgetRule.communicationCap(Double.NaN)).hasMessageContaining("cMax = NaN");
    assertThatThrownBy(() -> BudgetRule.averageDistance(-1)).hasMessageContaining("tAvg = -1.0");
  }

  @Test
  void everyPatchPlacedOnceWithinItsBudgetOnRandomHierarchies() {
    for (long seed = 0; seed < 240; seed++) {
      Hierarchy h = hierarchy(seed);
      Machine machine = MACHINES.get((int) (seed % MACHINES.size()));
      CostModel cost = CostModel.of(1, 0.05 + 0.1 * (seed % 4)).withBoundaryInInterGrid(seed % 2 == 0);
      double cMax = 20 + 15 * (seed % 7);
      BudgetRule rule = BudgetRule.communicationCap(cMax);
      BalanceProblem problem = BalanceProblem.of(h, machine, cost);
      List<LoadBalancer> balancers = List.of(
          new GridIndivisibilityBalancer(GridIndivisibilityOptions.defaults().withBudgets(rule)
              .withPartnerRule(seed % 2 == 0 ? PartnerRule.TRANSLATE : PartnerRule.MIRROR)),
          new ListSchedulingBalancer(ListSchedulingOptions.defaults().withBudgets(rule)));
      for (LoadBalancer b : balancers) {
        Assignment a = b.balance(problem);
        assertThat(a.isWholeGrid()).isTrue();
        assertThat(a.pieces()).hasSize(h.patchCount());
        assertThat(b.balance(problem)).isEqualTo(a); // deterministic
        for (Patch p : h.patches()) {
          if (p.level() > 0) {
            int parent = h.parents(p.id())[0];
            int budget = rule.budget(GenerationDriver.points(p, cost), 0, cost.sendPerPointHop());
            assertThat(machine.hops(a.rankOf(parent), a.rankOf(p.id()))).isLessThanOrEqualTo(budget);
          }
        }
        // Each child has one parent here, so the cap bounds what the report measures.
        assertThat(BalanceReport.of(problem, a).maxInterGridCommunication()).isLessThanOrEqualTo(cMax * (1 + 1e-9));
      }
    }
  }

  @Test
  void withFreeCommunicationTheMaximumLoadNeverExceedsThePreviousOne() {
    Random rnd = new Random(11);
    LoadBalancer l1 = new GridIndivisibilityBalancer(GridIndivisibilityOptions.defaults()
        .withBudgets(BudgetRule.unlimited()));
    for (long seed = 0; seed < 300; seed++) {
      // One level: the previous assignment is exactly the input L1 starts from.
      Hierarchy h = RandomHierarchies.defaults().dim(1 + (int) (seed % 3)).baseSize(24).levels(1)
          .rootTiles(2 + (int) (seed % 3)).generate(seed);
      Machine machine = MACHINES.get((int) (seed % MACHINES.size()));
      int hot = 1 + rnd.nextInt(machine.ranks());
      Assignment previous = Assignment.wholeGrids(h, machine.ranks(), id -> rnd.nextInt(hot));
      BalanceProblem problem = BalanceProblem.of(h, machine).withPrevious(previous);
      BalanceReport before = BalanceReport.of(problem, previous);
      BalanceReport after = BalanceReport.of(problem, l1.balance(problem));
      assertThat(after.maxLoad()).as("seed %d", seed).isLessThanOrEqualTo(before.maxLoad() * (1 + 1e-9));
    }
  }

  @Test
  void originsFollowThePreviousAssignmentAndTheParents() {
    Hierarchy h = hierarchy(4);
    Machine machine = Machine.hypercube(8);
    LoadBalancer frozen = new GridIndivisibilityBalancer(GridIndivisibilityOptions.defaults()
        .withBudgets(BudgetRule.communicationCap(0)));
    // Without a previous assignment, level 0 is dealt round-robin; with zero budgets nothing moves and
    // every child stays with its parent.
    Assignment a = frozen.balance(BalanceProblem.of(h, machine));
    List<Patch> roots = h.level(0);
    for (int i = 0; i < roots.size(); i++) {
      assertThat(a.rankOf(roots.get(i).id())).isEqualTo(i % 8);
    }
    for (Patch p : h.patches()) {
      if (p.level() > 0) {
        assertThat(a.rankOf(p.id())).isEqualTo(a.rankOf(h.parents(p.id())[0]));
      }
    }
    // With a previous assignment, the level-0 patches start (and, frozen, stay) where they were.
    Assignment previous = Assignment.wholeGrids(h, 8, id -> (id * 5 + 3) % 8);
    Assignment b = frozen.balance(BalanceProblem.of(h, machine).withPrevious(previous));
    for (Patch p : roots) {
      assertThat(b.rankOf(p.id())).isEqualTo(previous.rankOf(p.id()));
    }
  }

  @Test
  void recursiveHalvingBalancesAConcentratedHierarchy() {
    Hierarchy h = RandomHierarchies.defaults().baseSize(32).rootTiles(4).levels(3).maxChildren(4).generate(9);
    Machine machine = Machine.hypercube(8);
    Assignment allOnZero = Assignment.wholeGrids(h, 8, id -> 0);
    BalanceProblem problem = BalanceProblem.of(h, machine).withPrevious(allOnZero);
    BalanceReport start = BalanceReport.of(problem, allOnZero);
    BalanceReport l1 = BalanceReport.of(problem, new GridIndivisibilityBalancer(GridIndivisibilityOptions.defaults()
        .withBudgets(BudgetRule.unlimited())).balance(problem));
    BalanceReport l3 = BalanceReport.of(problem, new DecreasingFitBalancer(DecreasingFitOptions.defaults())
        .balance(problem));
    assertThat(start.imbalance()).isEqualTo(8.0);
    assertThat(l1.imbalance()).isLessThan(1.5);
    assertThat(l3.imbalance()).isLessThan(1.5);
    BalanceReport whole = BalanceReport.of(problem, new DecreasingFitBalancer(DecreasingFitOptions.defaults()
        .withLevelByLevel(false)).balance(problem));
    assertThat(whole.imbalance()).isLessThan(1.5);
  }
}
