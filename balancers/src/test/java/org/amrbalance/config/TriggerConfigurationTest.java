package org.amrbalance.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.CompositePolicy;
import org.junit.jupiter.api.Test;

/** Triggers by name: the default, every option of every provider, and composites {@code any:a,b} / {@code all:a,b}. */
class TriggerConfigurationTest {
  private static RemapPolicy policy(Map<String, String> properties) {
    Map<String, String> p = new HashMap<>(properties);
    p.put(BalancingModules.BALANCER, "third-party");
    return Guice.createInjector(BalancingModules.fromMap(p)).getInstance(RemapPolicy.class);
  }

  private static List<Integer> firings(RemapPolicy p, int steps) {
    List<Integer> fired = new ArrayList<>();
    for (int s = 1; s <= steps; s++) {
      if (p.onStep(StepTimes.of(1, 1, 1, 1 + 0.01 * s)).shouldRemap()) {
        fired.add(s);
        p.onRemap(0.5);
      }
    }
    return fired;
  }

  @Test
  void theDefaultTriggerIsTheAdaptiveOne() {
    assertThat(BalancingModules.DEFAULT_TRIGGER).isEqualTo("adaptive");
    assertThat(policy(Map.of()).getClass().getSimpleName()).isEqualTo("Adaptive");
  }

  @Test
  void compositesByNameTakeTheirMembersOptions() {
    RemapPolicy any = policy(Map.of(BalancingModules.TRIGGER, "any:never,fixed-interval",
        "amrbalance.fixed-interval.m", "5"));
    assertThat(any).isInstanceOf(CompositePolicy.class);
    assertThat(firings(any, 20)).containsExactly(5, 10, 15, 20);
    RemapPolicy all = policy(Map.of(BalancingModules.TRIGGER, "all: never , fixed-interval",
        "amrbalance.fixed-interval.m", "5"));
    assertThat(firings(all, 20)).isEmpty();
    RemapPolicy alone = Guice.createInjector(BalancingModules.triggerModule("any:fixed-interval,never",
        Map.of("fixed-interval.m", "4"))).getInstance(RemapPolicy.class);
    assertThat(firings(alone, 9)).containsExactly(4, 8);
    // Every injection gets fresh members: policies are stateful, one per run.
    var injector = Guice.createInjector(BalancingModules.triggerModule("any:fixed-interval,never", Map.of()));
    assertThat(injector.getInstance(RemapPolicy.class)).isNotSameAs(injector.getInstance(RemapPolicy.class));
  }

  @Test
  void unknownNamesListTheValidOnes() {
    assertThatThrownBy(() -> policy(Map.of(BalancingModules.TRIGGER, "stop-at-fall")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("amrbalance.trigger = stop-at-fall: unknown trigger; known: [")
        .hasMessageContaining("adaptive").hasMessageContaining("any:NAME,NAME");
    assertThatThrownBy(() -> policy(Map.of(BalancingModules.TRIGGER, "any:stop-at-rise,nope")))
        .hasMessageContaining("unknown trigger 'nope'").hasMessageContaining("stop-at-rise");
    assertThatThrownBy(() -> policy(Map.of(BalancingModules.TRIGGER, "any:never,never")))
        .hasMessageContaining("names each trigger once");
    assertThatThrownBy(() -> BalancingModules.triggerModule("adaptive", Map.of("confirn", "3")))
        .hasMessageContaining("amrbalance.adaptive.confirn = 3: unknown option of adaptive; valid: [")
        .hasMessageContaining("confirm,");
  }

  @Test
  void everyOptionOfEveryTriggerIsReadAndABadValueNamesKeyAndValue() {
    for (String name : BalancingModules.triggerNames()) {
      var p = BalancingModules.trigger(name);
      for (String option : p.options().keySet()) {
        String key = "amrbalance." + name + "." + option;
        assertThatThrownBy(() -> policy(Map.of(BalancingModules.TRIGGER, name, key, "bogus")))
            .as(key).isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith(key + " = bogus: ");
      }
    }
  }
}
