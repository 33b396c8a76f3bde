package org.amrbalance.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.util.Map;
import java.util.Random;
import org.amrbalance.service.BalancingService;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

/** Every balancer and trigger on the classpath can be chosen by name and does its job with default options. */
class EveryComponentTest {
  private static final Machine[] MACHINES = {
      Machine.fullyConnected(1), Machine.fullyConnected(5), Machine.hypercube(8), Machine.mesh(4, 2)};

  @Test
  void everyBalancerBuildsByNameAndTilesRandomHierarchies() {
    assertThat(BalancingModules.balancerNames()).contains("domain-decomposition", "scatter", "grid-indivisibility",
        "list-scheduling", "decreasing-fit", "knapsack", "sfc-morton", "sfc-hilbert", "round-robin", "grid-packing",
        "shelf-packing");
    for (String name : BalancingModules.balancerNames()) {
      Injector injector = Guice.createInjector(BalancingModules.fromMap(Map.of(
          BalancingModules.BALANCER, name, BalancingModules.TRIGGER, "third-party-trigger")));
      LoadBalancer balancer = injector.getInstance(LoadBalancer.class);
      assertThat(injector.getInstance(BalancingService.class)).isNotNull();
      for (int dim = 1; dim <= 3; dim++) {
        for (long seed = 0; seed < 3; seed++) {
          Hierarchy h = RandomHierarchies.defaults().dim(dim).generate(seed);
          for (Machine m : MACHINES) {
            BalanceProblem problem = BalanceProblem.of(h, m);
            Assignment a = balancer.balance(problem); // Assignment.of already checked the tiling and ranks
            BalanceReport r = BalanceReport.of(problem, a);
            assertThat(r.averageLoad()).as(name + " keeps all the work").isCloseTo(h.totalWork() / m.ranks(),
                org.assertj.core.api.Assertions.within(1e-6 * h.totalWork()));
          }
        }
      }
    }
  }

  @Test
  void everyTriggerBuildsByNameAndDigestsATrace() {
    assertThat(BalancingModules.triggerNames()).contains("stop-at-rise", "change-detection", "remap-frequency",
        "fixed-interval", "never", "every-regrid");
    for (String name : BalancingModules.triggerNames()) {
      Injector injector = Guice.createInjector(BalancingModules.fromMap(Map.of(
          BalancingModules.BALANCER, "third-party", BalancingModules.TRIGGER, name)));
      RemapPolicy policy = injector.getInstance(RemapPolicy.class);
      Random rnd = new Random(1);
      int remaps = 0;
      for (int step = 0; step < 300; step++) {
        double drift = step % 100 / 10.0;
        if (policy.onStep(StepTimes.of(1 + drift + rnd.nextDouble(), 1, 1 + rnd.nextDouble(), 1)).shouldRemap()) {
          policy.onRemap(0.5);
          remaps++;
        }
      }
      switch (name) {
        case "never", "every-regrid", "third-party-trigger" -> assertThat(remaps).as(name).isZero(); // no regrids here
        case "fixed-interval" -> assertThat(remaps).as(name).isEqualTo(300 / 10); // default m = 10
        default -> assertThat(remaps).as(name + " notices the drift").isPositive();
      }
    }
  }
}
