package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.CostModel;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

class DistributedGridIndivisibilityBalancerTest {

  @Test
  void everyFormGivesTheSequentialAssignmentOnEveryRank() {
    List<Machine> machines = List.of(Machine.hypercube(4), Machine.mesh(3, 2), Machine.fullyConnected(5));
    for (long seed = 0; seed < 30; seed++) {
      Hierarchy h = RandomHierarchies.defaults().dim(1 + (int) (seed % 3)).baseSize(16).levels(3).maxChildren(3)
          .rootTiles(2).generate(seed);
      Machine machine = machines.get((int) (seed % machines.size()));
      GridIndivisibilityOptions options = GridIndivisibilityOptions.defaults()
          .withEpsilon(seed % 2 == 0 ? 0 : 5).withPartnerRule(seed % 4 < 2 ? PartnerRule.TRANSLATE : PartnerRule.MIRROR)
          .withBudgets(BudgetRule.averageDistance(1 + seed % 3));
      BalanceProblem problem = BalanceProblem.of(h, machine, CostModel.of(1, 0.5));
      Assignment sequential = new GridIndivisibilityBalancer(options).balance(problem);
      for (DistributedGridIndivisibilityBalancer.Form form : DistributedGridIndivisibilityBalancer.Form.values()) {
        List<Assignment> perRank = ThreadCollectives.run(machine.ranks(),
            c -> new DistributedGridIndivisibilityBalancer(c, form, options).balance(problem));
        assertThat(perRank).as("seed %d %s", seed, form).allMatch(sequential::equals);
      }
    }
  }
}
