package org.amrbalance.triggers.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

class ThresholdHeuristicTest {
  private static final ChangePosterior POST = ChangePosterior.of(0.02, 0.2, 0.05); // N = 50

  @Test
  void armsALinearScheduleFromRhoAtNeToOneAtN0() {
    // M = 50, Ĝ = 50, D = 200: K = 4, n_0 = 47.
    ThresholdHeuristic h = ThresholdHeuristic.of(POST, 0.8, POST.triggerThreshold(0.5), 50);
    assertThat(h.firstUnprofitableStep(50, 200)).isEqualTo(47);
    int[] gainAsked = {0};
    ThresholdHeuristic.Action a = null;
    int n = 0;
    // 9 negative tests, then positives: the third passes p_e (0.3745..0.75) without exceeding ρ = 0.8; the fourth tests.
    for (int i = 0; i < 9; i++) {
      assertThat(h.decide(false, () -> 50, 200)).isEqualTo(ThresholdHeuristic.Action.RETAIN);
      n++;
    }
    for (int i = 0; i < 3; i++) {
      a = h.decide(true, () -> {
        gainAsked[0]++;
        return 50;
      }, 200);
      n++;
    }
    assertThat(a).isEqualTo(ThresholdHeuristic.Action.RETAIN);
    assertThat(h.mode()).isEqualTo(ThresholdHeuristic.Mode.ARMED);
    assertThat(gainAsked[0]).isEqualTo(1);
    long ne = h.step();
    assertThat(ne).isEqualTo(12);
    assertThat(h.threshold(ne)).isCloseTo(0.8, offset(1e-15));
    assertThat(h.threshold(ne + 7)).isCloseTo(0.8 + 0.2 * 7 / (47.0 - 12), offset(1e-12));
    assertThat(h.threshold(47)).isEqualTo(1);
    assertThat(h.decide(true, () -> 50, 200)).isEqualTo(ThresholdHeuristic.Action.TEST);
    // Premature: p := 0, back to waiting, the schedule discarded.
    h.prematureTest();
    assertThat(h.probability()).isZero();
    assertThat(h.mode()).isEqualTo(ThresholdHeuristic.Mode.WAITING);
    assertThat(h.threshold(20)).isEqualTo(1);
  }

  @Test
  void retainsForeverWhenTheChangeComesTooLate() {
    ThresholdHeuristic h = ThresholdHeuristic.of(POST, 0.8, POST.triggerThreshold(0.5), 50);
    for (int i = 0; i < 44; i++) {
      h.decide(false, () -> 50, 200);
    }
    for (int i = 0; i < 3; i++) {
      assertThat(h.decide(true, () -> 50, 200)).isEqualTo(ThresholdHeuristic.Action.RETAIN);
    }
    // n_e = 47 = n_0: retain for the rest (documented choice for n_e = n_0).
    assertThat(h.mode()).isEqualTo(ThresholdHeuristic.Mode.RETAIN_FOREVER);
    assertThat(h.decide(true, () -> 50, 200)).isEqualTo(ThresholdHeuristic.Action.RETAIN);
    // Unknown horizon: n_0 = ∞ and ρ_n = ρ.
    ThresholdHeuristic open = ThresholdHeuristic.of(POST, 0.8, 0.5, Double.POSITIVE_INFINITY);
    assertThat(open.firstUnprofitableStep(1e-9, 200)).isInfinite();
    assertThat(open.firstUnprofitableStep(0, 200)).isEqualTo(Double.NEGATIVE_INFINITY);
  }
}
