package org.amrbalance.balancers.baselines;

import org.amrbalance.balancers.LoadBalancers;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.CostModel;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Piece;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

/** Every whole-grid balancer, built from its module, on a thousand random hierarchies in 1-3 D. */
class AllWholeGridBalancersTest {
  private static final List<Machine> MACHINES = List.of(Machine.hypercube(1), Machine.hypercube(4),
      Machine.hypercube(16), Machine.mesh(3, 3), Machine.mesh(4, 2), Machine.fullyConnected(6),
      Machine.fullyConnected(7));

  @Test
  void everyPatchIsPlacedWholeExactlyOnceAndDeterministically() {
    List<LoadBalancer> balancers = List.of("grid-indivisibility", "list-scheduling", "decreasing-fit", "knapsack",
        "sfc-morton", "sfc-hilbert", "round-robin").stream().map(LoadBalancers::create).toList();
    for (long seed = 0; seed < 1000; seed++) {
      Hierarchy h = RandomHierarchies.defaults().dim(1 + (int) (seed % 3)).baseSize(8 + (int) (seed % 17))
          .levels(1 + (int) (seed % 4)).maxChildren((int) (seed % 5)).rootTiles(1 + (int) (seed % 3)).generate(seed);
      Machine machine = MACHINES.get((int) (seed % MACHINES.size()));
      BalanceProblem problem = BalanceProblem.of(h, machine, CostModel.of(1, 0.1 * (seed % 5)));
      for (LoadBalancer b : balancers) {
        Assignment a = b.balance(problem);
        assertThat(a.isWholeGrid()).isTrue();
        Set<Integer> seen = new HashSet<>();
        for (Piece p : a.pieces()) {
          assertThat(seen.add(p.patchId())).isTrue();
          assertThat(p.rank()).isBetween(0, machine.ranks() - 1);
        }
        assertThat(seen).hasSize(h.patchCount());
        assertThat(b.balance(problem)).isEqualTo(a);
        BalanceReport r = BalanceReport.of(problem, a);
        assertThat(r.averageLoad() * machine.ranks()).isCloseTo(h.totalWork(),
            org.assertj.core.data.Offset.offset(1e-6 * Math.max(1, h.totalWork())));
      }
    }
  }
}
