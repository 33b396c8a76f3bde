package org.amrbalance.integration.real;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.inject.Guice;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every balancer known by name places every grid of every real hierarchy, on three machines. */
class RealHierarchiesIT {
  private static final Path DATA = Path.of("..", "readers", "src", "test", "resources", "hierarchies");
  private static final String[] FILES = {"enzo_IsolatedGalaxy_galaxy0030.hierarchy", "chombo_testGrids.2d",
      "chombo_testGrids.3d", "amrex_pelelmex_2d_Header"};

  static Stream<Arguments> cases() {
    return BalancingModules.balancerNames().stream().flatMap(b -> Stream.of(FILES).map(f -> Arguments.of(b, f)));
  }

  @ParameterizedTest(name = "{0} on {1}")
  @MethodSource("cases")
  void balancesWithoutErrorAndKeepsAllTheWork(String balancer, String file) throws Exception {
    HierarchyFile input = HierarchyReaders.read(DATA.resolve(file));
    LoadBalancer lb = Guice.createInjector(BalancingModules.balancerModule(balancer, Map.of()))
        .getInstance(LoadBalancer.class);
    for (Machine m : new Machine[] {Machine.fullyConnected(16), Machine.hypercube(64), Machine.mesh(8, 8)}) {
      BalanceProblem problem = BalanceProblem.of(input.hierarchy(), m);
      Assignment a = lb.balance(problem); // the Assignment checks that every patch is tiled exactly
      BalanceReport r = BalanceReport.of(problem, a);
      assertThat(r.averageLoad() * m.ranks()).isCloseTo(input.hierarchy().totalWork(),
          within(1e-9 * input.hierarchy().totalWork()));
      assertThat(r.imbalance()).isGreaterThanOrEqualTo(1.0);
    }
  }
}
