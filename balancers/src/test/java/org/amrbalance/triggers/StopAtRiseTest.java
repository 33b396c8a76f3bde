package org.amrbalance.triggers;

import java.util.Map;
import static org.amrbalance.triggers.Traces.firings;
import static org.amrbalance.triggers.Traces.idle;
import static org.amrbalance.triggers.Traces.idles;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

class StopAtRiseTest {

  private static StopAtRise sar(double c) {
    return new StopAtRise(StopAtRiseOptions.defaults().initialCost(c));
  }

  @Test
  void firesAtTheFirstRiseAndResetsAfterTheRemap() {
    // C = 4: W = 4, 2, 7/3 -> fires at step 3. Then C = 2 (measured): step 4 has a large idle time but is step 1 of
    // the new interval (W(1) = 7, no W(0)), step 5 W = 3.5, step 6 W = 11/3 > 3.5 -> fires at 6.
    List<StepTimes> trace = idles(0, 0, 3, 5, 0, 4, 0, 0);
    assertThat(firings(sar(4), trace, 2)).containsExactly(3, 6);
  }

  @Test
  void noDoubleFiringRightAfterARemapEvenUnderHeavyImbalance() {
    // Idle time grows every step: W rises whenever it can, yet never at the first step of an interval.
    List<StepTimes> trace = idles(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    assertThat(firings(sar(0), trace, 0)).containsExactly(2, 4, 6, 8, 10);
  }

  @Test
  void constantIdleNeverFiresBecauseWKeepsFalling() {
    List<StepTimes> trace = idles(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    StopAtRise p = sar(4);
    assertThat(firings(p, trace, 1)).isEmpty();
    assertThat(p.currentW()).isEqualTo(16.0 / 12);
  }

  @Test
  void aTieKeeps() {
    // C = 2: W(2) = 1.5, W(3) = (2.5 + 2)/3 = 1.5 (tie, keep), W(4) = 6.5/4 > 1.5 (fires at 4).
    assertThat(firings(sar(2), idles(0, 1, 1.5, 2), 1)).containsExactly(4);
    assertThat(firings(sar(2), idles(0, 1, 1.5), 1)).isEmpty();
  }

  @Test
  void withoutAnEstimateTheFirstStepDurationStandsInForTheCost() {
    StopAtRise p = new StopAtRise();
    p.onStep(StepTimes.of(2, 4)); // T_max = 4, idle 1: C = 4, W(1) = 5
    assertThat(p.cost()).isEqualTo(4);
    assertThat(p.currentW()).isEqualTo(5);
    p.onRemap(1.5);
    assertThat(p.cost()).isEqualTo(1.5);
    assertThat(p.stepsSinceRemap()).isZero();
  }

  @Test
  void aSkippedRemapContinuesTheInterval() {
    StopAtRise p = sar(4);
    List<Integer> fired = new ArrayList<>();
    double[] e = {0, 0, 3, 0, 5};
    for (int t = 0; t < e.length; t++) {
      if (p.onStep(idle(e[t])).shouldRemap()) {
        fired.add(t + 1);
        p.onRemapSkipped();
      }
    }
    // Step 3 fires (W 2 -> 7/3) but is skipped; step 4: W = 7/4 < 7/3, keep; step 5: W = 12/5 > 7/4, fires.
    assertThat(fired).containsExactly(3, 5);
    assertThat(p.stepsSinceRemap()).isEqualTo(5);
  }

  @Test
  void incrementalRuleAgreesWithTheDirectDefinitionOnRandomTraces() {
    SplittableRandom rng = new SplittableRandom(7);
    for (int trial = 0; trial < 200; trial++) {
      double c = rng.nextDouble() * 10;
      StopAtRise p = sar(c);
      List<Double> interval = new ArrayList<>();
      double prevW = Double.NaN;
      for (int t = 0; t < 300; t++) {
        double e = rng.nextDouble() * rng.nextDouble() * 4;
        interval.add(e);
        double w = (interval.stream().mapToDouble(Double::doubleValue).sum() + c) / interval.size();
        boolean expected = interval.size() >= 2 && w > prevW;
        boolean fired = p.onStep(idle(e)).shouldRemap();
        assertThat(fired).as("trial %d step %d", trial, t).isEqualTo(expected);
        assertThat(p.currentW()).isCloseTo(w, org.assertj.core.data.Offset.offset(1e-9));
        if (fired) {
          p.onRemap(c);
          interval.clear();
          prevW = Double.NaN;
        } else {
          prevW = w;
        }
      }
    }
  }

  @Test
  void rejectsAChangedRankCountAndBadCosts() {
    StopAtRise p = sar(1);
    p.onStep(StepTimes.of(1, 2, 3));
    assertThatThrownBy(() -> p.onStep(StepTimes.of(1, 2))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("times.ranks() = 2").hasMessageContaining("3 ranks");
    assertThatThrownBy(() -> p.onRemap(Double.NaN)).hasMessageContaining("measuredCost = NaN");
    assertThatThrownBy(() -> p.onRemap(-1)).hasMessageContaining("measuredCost = -1");
    assertThatThrownBy(() -> StopAtRiseOptions.defaults().initialCost(-2)).hasMessageContaining("initial-cost = -2");
  }

  @Test
  void theDeclarationMakesAFreshPolicyPerCall() {
    var policies = RemapPolicies.factory("stop-at-rise", Map.of("initial-cost", "3"));
    RemapPolicy a = policies.get();
    assertThat(a).isInstanceOf(StopAtRise.class);
    assertThat(((StopAtRise) a).cost()).isEqualTo(3);
    assertThat(policies.get()).isNotSameAs(a);
    assertThat(((StopAtRise) RemapPolicies.create("stop-at-rise", Map.of())).cost()).isNaN();
  }
}
