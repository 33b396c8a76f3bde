package org.amrbalance.triggers;

import java.util.Map;
import static org.amrbalance.triggers.Traces.firings;
import static org.amrbalance.triggers.Traces.idles;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.amrbalance.spi.CompositePolicy;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

class BaselinesTest {
  private static final List<StepTimes> TEN = idles(1, 0, 2, 0, 3, 0, 4, 0, 5, 0);

  @Test
  void fixedIntervalFiresEveryMStepsCountedFromTheLastRemap() {
    assertThat(firings(FixedInterval.every(3), TEN, 1)).containsExactly(3, 6, 9);
    assertThat(firings(FixedInterval.every(1), TEN, 1)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    FixedInterval f = FixedInterval.every(4);
    f.onStep(TEN.get(0));
    f.onStep(TEN.get(1));
    f.onRemap(2); // a remap from elsewhere restarts the count
    assertThat(firings(f, TEN, 1)).containsExactly(4, 8);
  }

  @Test
  void fixedIntervalRetriesASkippedRemapAtTheNextStep() {
    FixedInterval f = FixedInterval.every(2);
    assertThat(f.onStep(TEN.get(0)).shouldRemap()).isFalse();
    assertThat(f.onStep(TEN.get(1)).shouldRemap()).isTrue();
    f.onRemapSkipped();
    assertThat(f.onStep(TEN.get(2)).shouldRemap()).isTrue();
  }

  @Test
  void neverAndEveryRegridNeverFireOnSteps() {
    assertThat(firings(new NeverRemap(), TEN, 1)).isEmpty();
    EveryRegrid e = new EveryRegrid();
    assertThat(firings(e, TEN, 1)).isEmpty();
    assertThat(e.onRegrid().shouldRemap()).isTrue();
    assertThat(new NeverRemap().onRegrid().shouldRemap()).isFalse();
    assertThat(FixedInterval.every(2).onRegrid().shouldRemap()).isFalse();
  }

  @Test
  void everyBaselineRejectsAChangedRankCount() {
    for (RemapPolicy p : List.of(new NeverRemap(), new EveryRegrid(), FixedInterval.every(5))) {
      p.onStep(StepTimes.of(1, 1));
      assertThatThrownBy(() -> p.onStep(StepTimes.of(1, 1, 1))).hasMessageContaining("times.ranks() = 3");
    }
  }

  @Test
  void optionsValidateTheirRange() {
    assertThatThrownBy(() -> FixedIntervalOptions.defaults().interval(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("m = 0");
    assertThat(FixedIntervalOptions.defaults().interval(7).interval()).isEqualTo(7);
  }

  @Test
  void theDeclarationsBuildTheirPolicies() {
    assertThat(RemapPolicies.create("fixed-interval", Map.of("m", "6"))).isInstanceOfSatisfying(FixedInterval.class,
        f -> assertThat(f.interval()).isEqualTo(6));
    assertThat(RemapPolicies.create("fixed-interval", Map.of())).isInstanceOfSatisfying(FixedInterval.class,
        f -> assertThat(f.interval()).isEqualTo(FixedIntervalOptions.defaults().interval()));
    assertThat(RemapPolicies.create("never", Map.of())).isInstanceOf(NeverRemap.class);
    assertThat(RemapPolicies.create("every-regrid", Map.of())).isInstanceOf(EveryRegrid.class);
    assertThat(RemapPolicies.fixedInterval(6)).isInstanceOfSatisfying(FixedInterval.class,
        f -> assertThat(f.interval()).isEqualTo(6));
  }

  @Test
  void compositeFiresOnAnyOrAllAndResetsEveryMember() {
    // SAR with C = 0 fires at 3 (idle 1 -> 2 rises) and resets both members; then idle stays 2, so SAR keeps (ties)
    // and the fixed interval, counting from step 3, fires at 7.
    CompositePolicy any = CompositePolicy.anyOf(new StopAtRise(StopAtRiseOptions.defaults().initialCost(0)),
        FixedInterval.every(4));
    assertThat(firings(any, idles(1, 1, 2, 2, 2, 2, 2, 2), 0)).containsExactly(3, 7);
    CompositePolicy all = CompositePolicy.allOf(FixedInterval.every(2), FixedInterval.every(3));
    // m = 2 asks at 2 (skipped, retries at 3), m = 3 asks at 3: both at 3, then reset; again at 6.
    assertThat(firings(all, idles(0, 0, 0, 0, 0, 0, 0), 0)).containsExactly(3, 6);
    assertThat(CompositePolicy.anyOf(new NeverRemap(), new EveryRegrid()).onRegrid().shouldRemap()).isTrue();
    assertThat(CompositePolicy.allOf(new NeverRemap(), new EveryRegrid()).onRegrid().shouldRemap()).isFalse();
    assertThatThrownBy(CompositePolicy::anyOf).hasMessageContaining("members.size() = 0");
  }
}
