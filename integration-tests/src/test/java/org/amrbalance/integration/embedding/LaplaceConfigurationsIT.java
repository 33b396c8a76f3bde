package org.amrbalance.integration.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.laplace.LaplaceAmr;
import org.amrbalance.mesh.laplace.LaplaceHost;
import org.amrbalance.mesh.laplace.LaplaceOptions;
import org.amrbalance.mesh.laplace.MovingHotSpot;
import org.amrbalance.service.BalancingService;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every balancer x trigger pair, chosen only through properties, drives the moving Laplace example. Where the
 * grids live must not change the numbers: every run ends with the error of a reference run.
 */
class LaplaceConfigurationsIT {
  private static final int STEPS = 6;
  private static final MovingHotSpot PATH = MovingHotSpot.of(0.3, 0.7, 40, 0.05);
  private static double referenceError;

  static Stream<Arguments> pairs() {
    return BalancingModules.balancerNames().stream()
        .flatMap(b -> BalancingModules.triggerNames().stream().map(t -> Arguments.of(b, t)));
  }

  @BeforeAll
  static void reference() {
    referenceError = run("round-robin", "never").maxError();
  }

  @ParameterizedTest(name = "{0} with {1}")
  @MethodSource("pairs")
  void runsTheMovingExampleWithTheSameResult(String balancer, String trigger) {
    assertThat(BalancingModules.triggerNames()).containsExactlyInAnyOrder("adaptive", "change-detection",
        "every-regrid", "fixed-interval", "never", "remap-frequency", "stop-at-rise");
    LaplaceAmr amr = run(balancer, trigger);
    assertThat(amr.steps()).isEqualTo(STEPS);
    assertThat(amr.maxError()).isCloseTo(referenceError, within(1e-12));
  }

  private static LaplaceAmr run(String balancer, String trigger) {
    Properties p = new Properties();
    p.setProperty("amrbalance.balancer", balancer);
    p.setProperty("amrbalance.trigger", trigger);
    p.setProperty("amrbalance.service.log", "false");
    if (trigger.equals("fixed-interval")) {
      p.setProperty("amrbalance.fixed-interval.m", "2");
    }
    Injector injector = Guice.createInjector(BalancingModules.fromProperties(p));
    Machine machine = Machine.mesh(2, 2);
    LaplaceAmr amr = LaplaceAmr.builder(32, 32)
        .amr(AmrOptions.defaults().withLevels(2, 2).withBaseBoxSize(16))
        .laplace(LaplaceOptions.defaults().withSweepsPerStep(10).withRegridInterval(2))
        .problem(PATH.at(0)).machine(machine).balancer(injector.getInstance(LoadBalancer.class)).build();
    LaplaceHost host = LaplaceHost.of(amr);
    BalancingService service = injector.getInstance(BalancingService.class);
    amr.solve();
    service.attach(host);
    service.regridded();
    for (int step = 1; step <= STEPS; step++) {
      amr.setProblem(PATH.at(step));
      if (amr.advance()) {
        service.regridded();
      }
      service.stepped(host.modelledStepTimes());
    }
    assertThat(service.steps()).isEqualTo(STEPS);
    assertThat(List.of(amr.assignment().hierarchy())).containsExactly(amr.hierarchy());
    return amr;
  }
}
