package org.amrbalance.experiments.balance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import java.util.List;
import java.util.Map;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.api.Test;

/**
 * The balancers that cut grids on the bundled real hierarchies, with default options, measured by {@link
 * BalanceReport}: the targets of the comparison wherever an average rank holds at least 500 cells.
 */
class PartitionersIT {
  private static final List<String> FILES = List.of("enzo_IsolatedGalaxy_galaxy0030.hierarchy",
      "chombo_testGrids.2d", "chombo_testGrids.3d", "amrex_pelelmex_2d_Header");
  private static final List<String> PARTITIONERS =
      List.of("grid-packing", "shelf-packing", "domain-decomposition", "scatter", "slab-lpt");

  private static BalanceReport report(Hierarchy h, int ranks, String balancer) {
    LoadBalancer lb = Guice.createInjector(BalancingModules.balancerModule(balancer, Map.of()))
        .getInstance(LoadBalancer.class);
    BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(ranks));
    return BalanceReport.of(problem, lb.balance(problem));
  }

  @Test
  void gridPackingAndTheBestPartitionerReachTheTargets() throws Exception {
    int cells = 0;
    for (String file : FILES) {
      Hierarchy h = HierarchyReaders.read(TestFiles.path(file)).hierarchy();
      double total = h.patches().stream().mapToDouble(p -> p.box().volume()).sum();
      for (int ranks : new int[] {16, 64, 1024}) {
        if (total / ranks < 500) {
          continue; // Chombo 2-D at 1,024 ranks: 36 cells per rank
        }
        cells++;
        double best = 0;
        for (String b : PARTITIONERS) {
          double e = report(h, ranks, b).levelSynchronousEfficiency();
          best = Math.max(best, e);
          if (b.equals("grid-packing")) {
            assertThat(e).as("grid-packing on %s at %d ranks", file, ranks).isGreaterThanOrEqualTo(0.85);
          }
        }
        assertThat(best).as("best partitioner on %s at %d ranks", file, ranks).isGreaterThanOrEqualTo(0.90);
      }
    }
    assertThat(cells).isEqualTo(11);
  }
}
