package org.amrbalance.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import java.io.StringReader;
import java.util.Map;
import java.util.Properties;
import org.amrbalance.balancers.baselines.RoundRobinBalancer;
import org.amrbalance.service.ServiceOptions.BadStepTimes;
import org.amrbalance.service.BalancingService;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.RemapPolicy;
import org.junit.jupiter.api.Test;

class BalancingModulesTest {
  private static final Map<String, String> THIRD_PARTY = Map.of(
      BalancingModules.BALANCER, "third-party", BalancingModules.TRIGGER, "third-party-trigger");

  @Test
  void aBalancerFoundOnTheClasspathIsSelectableByNameWithItsOptions() throws Exception {
    Properties p = new Properties();
    p.load(new StringReader("""
        amrbalance.balancer = third-party
        amrbalance.trigger = third-party-trigger
        amrbalance.third-party.offset = 7
        amrbalance.service.two-stage = true
        amrbalance.service.horizon = 9
        host.unrelated = kept out of our way
        """));
    Injector injector = Guice.createInjector(BalancingModules.fromProperties(p));
    assertThat(injector.getInstance(LoadBalancer.class)).isInstanceOf(RoundRobinBalancer.class);
    assertThat(ThirdPartyCatalog.lastOffset).isEqualTo(7);
    BalancingService service = injector.getInstance(BalancingService.class);
    assertThat(service.options().twoStage()).isTrue();
    assertThat(service.options().horizon()).isEqualTo(9);
    // Triggers are stateful: one per request.
    assertThat(injector.getInstance(RemapPolicy.class)).isNotSameAs(injector.getInstance(RemapPolicy.class));
    assertThat(BalancingModules.balancerNames()).contains("third-party");
    assertThat(BalancingModules.triggerNames()).contains("third-party-trigger");
  }

  @Test
  void keysOfComponentsTheConfigurationDoesNotSelectAreNamed() {
    Map<String, String> config = new java.util.TreeMap<>(Map.of(
        "amrbalance.fixed-interval.m", "5", "amrbalance.knapsack.max-swaps", "3",
        "amrbalance.service.log", "false", "amrbalance.stop-at-rise.initial-cost", "0.01"));
    // Defaults: knapsack, adaptive, inherit placement; the service is always read.
    assertThat(BalancingModules.unusedKeys(config))
        .containsExactly("amrbalance.fixed-interval.m", "amrbalance.stop-at-rise.initial-cost");
    config.put("amrbalance.trigger", "any:stop-at-rise, fixed-interval");
    config.put("amrbalance.balancer", "round-robin");
    assertThat(BalancingModules.unusedKeys(config)).containsExactly("amrbalance.knapsack.max-swaps");
    config.put("amrbalance.placement", "knapsack");
    assertThat(BalancingModules.unusedKeys(config)).isEmpty();
  }

  @Test
  void unknownNamesListTheKnownOnes() {
    assertThatThrownBy(() -> BalancingModules.fromMap(Map.of(BalancingModules.BALANCER, "nope",
        BalancingModules.TRIGGER, "third-party-trigger")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("amrbalance.balancer = nope: unknown balancer; known: [")
        .hasMessageContaining("third-party");
    assertThatThrownBy(() -> BalancingModules.fromMap(Map.of(BalancingModules.BALANCER, "third-party",
        BalancingModules.TRIGGER, "sometimes")))
        .hasMessageContaining("amrbalance.trigger = sometimes: unknown trigger; known: [")
        .hasMessageContaining("third-party-trigger");
  }

  @Test
  void unknownOptionsAndBadValuesNameTheValidOnes() {
    Map<String, String> typo = new java.util.HashMap<>(THIRD_PARTY);
    typo.put("amrbalance.third-party.ofset", "3");
    assertThatThrownBy(() -> BalancingModules.fromMap(typo))
        .hasMessageContaining("amrbalance.third-party.ofset = 3: unknown option of third-party; valid: [offset]");
    Map<String, String> range = new java.util.HashMap<>(THIRD_PARTY);
    range.put("amrbalance.third-party.offset", "101");
    assertThatThrownBy(() -> BalancingModules.fromMap(range))
        .hasMessageContaining("amrbalance.third-party.offset = 101: must be an integer in [0, 100]");
    Map<String, String> component = new java.util.HashMap<>(THIRD_PARTY);
    component.put("amrbalance.thrid-party.offset", "1");
    assertThatThrownBy(() -> BalancingModules.fromMap(component))
        .hasMessageContaining("unknown component 'thrid-party'");
    Map<String, String> bool = new java.util.HashMap<>(THIRD_PARTY);
    bool.put("amrbalance.service.two-stage", "maybe");
    assertThatThrownBy(() -> BalancingModules.fromMap(bool))
        .hasMessageContaining("amrbalance.service.two-stage = maybe: must be true or false");
  }

  @Test
  void badStepTimesAreRejectedUnlessConfiguredToBeSkipped() {
    Map<String, String> p = new java.util.HashMap<>(THIRD_PARTY);
    assertThat(Guice.createInjector(BalancingModules.fromMap(p)).getInstance(BalancingService.class).options()
        .badStepTimes()).isEqualTo(BadStepTimes.REJECT);
    p.put("amrbalance.service.bad-step-times", "SKIP");
    assertThat(Guice.createInjector(BalancingModules.fromMap(p)).getInstance(BalancingService.class).options()
        .badStepTimes()).isEqualTo(BadStepTimes.SKIP);
    p.put("amrbalance.service.bad-step-times", "reject");
    assertThat(Guice.createInjector(BalancingModules.fromMap(p)).getInstance(BalancingService.class).options()
        .badStepTimes()).isEqualTo(BadStepTimes.REJECT);
    p.put("amrbalance.service.bad-step-times", "drop");
    assertThatThrownBy(() -> BalancingModules.fromMap(p)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("amrbalance.service.bad-step-times = drop: must be one of [reject, skip]");
    p.remove("amrbalance.service.bad-step-times");
    p.put("amrbalance.service.bad-steps", "skip");
    assertThatThrownBy(() -> BalancingModules.fromMap(p)).hasMessageContaining("amrbalance.service.bad-steps = skip:"
        + " unknown option of service; valid: [bad-step-times, horizon, log, two-stage]");
  }

  @Test
  void thePlacementOfARegridIsConfiguredByNameLikeABalancer() {
    Injector byDefault = Guice.createInjector(BalancingModules.fromMap(THIRD_PARTY));
    LoadBalancer inherit = byDefault.getInstance(Key.get(LoadBalancer.class, Placement.class));
    assertThat(inherit).isInstanceOf(InheritingPlacement.class);
    assertThat(((InheritingPlacement) inherit).tolerance()).isEqualTo(InheritingPlacement.DEFAULT_TOLERANCE);

    Map<String, String> tolerant = new java.util.HashMap<>(THIRD_PARTY);
    tolerant.put("amrbalance.inherit.tolerance", "Infinity");
    LoadBalancer loose = Guice.createInjector(BalancingModules.fromMap(tolerant))
        .getInstance(Key.get(LoadBalancer.class, Placement.class));
    assertThat(((InheritingPlacement) loose).tolerance()).isInfinite();

    Map<String, String> roundRobin = new java.util.HashMap<>(THIRD_PARTY);
    roundRobin.put(BalancingModules.PLACEMENT, "round-robin");
    Injector rr = Guice.createInjector(BalancingModules.fromMap(roundRobin));
    assertThat(rr.getInstance(Key.get(LoadBalancer.class, Placement.class))).isInstanceOf(RoundRobinBalancer.class);

    Map<String, String> unknown = new java.util.HashMap<>(THIRD_PARTY);
    unknown.put(BalancingModules.PLACEMENT, "where-it-fits");
    assertThatThrownBy(() -> BalancingModules.fromMap(unknown))
        .hasMessageContaining("amrbalance.placement = where-it-fits: unknown placement; known: [")
        .hasMessageContaining("inherit").hasMessageContaining("round-robin");
    // inherit places, it does not balance: "all balancers" leave it out.
    assertThat(BalancingModules.balancerNames()).doesNotContain("inherit");
  }
}
