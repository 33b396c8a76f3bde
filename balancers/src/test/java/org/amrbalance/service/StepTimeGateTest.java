package org.amrbalance.service;

import org.amrbalance.service.ServiceOptions.BadStepTimes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

class StepTimeGateTest {
  private static final StepTimeGate REJECT = StepTimeGate.of(4, BadStepTimes.REJECT);
  private static final StepTimeGate SKIP = StepTimeGate.of(4, BadStepTimes.SKIP);

  @Test
  void goodTimesPassUnchangedUnderBothModes() {
    double[] good = {1.5, 0, 2, 0.25};
    for (StepTimeGate g : new StepTimeGate[] {REJECT, SKIP}) {
      assertThat(g.problems(good)).isEmpty();
      assertThat(g.admit(3, good)).contains(StepTimes.of(good));
      assertThat(g.admit(3, StepTimes.of(good))).contains(StepTimes.of(good));
    }
    // -0.0 is a zero time, not a negative one.
    assertThat(REJECT.admit(1, new double[] {-0.0, 1, 1, 1})).isPresent();
  }

  @Test
  void rejectNamesTheStepTheRankAndTheValue() {
    assertThatThrownBy(() -> REJECT.admit(17, new double[] {1, 1, 1, Double.NaN}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("step 17: times[3] = NaN: must be finite and >= 0");
    assertThatThrownBy(() -> REJECT.admit(2, new double[] {1, -1, 1, 1}))
        .hasMessage("step 2: times[1] = -1.0: must be finite and >= 0");
    double[] infinite = {Double.POSITIVE_INFINITY, 1, 1, Double.NEGATIVE_INFINITY};
    assertThatThrownBy(() -> REJECT.admit(5, infinite))
        .hasMessage("step 5: times[0] = Infinity: must be finite and >= 0;"
            + " times[3] = -Infinity: must be finite and >= 0");
    assertThatThrownBy(() -> REJECT.admit(9, new double[] {1, 1, 1}))
        .hasMessage("step 9: times.length = 3: the machine has 4 ranks (a rank is missing)");
    assertThatThrownBy(() -> REJECT.admit(9, new double[] {1, 1, 1, 1, -2}))
        .hasMessageContaining("times.length = 5: the machine has 4 ranks (extra ranks)")
        .hasMessageContaining("times[4] = -2.0");
    assertThatThrownBy(() -> REJECT.admit(4, StepTimes.of(1, 1)))
        .hasMessage("step 4: times.ranks = 2: the machine has 4 ranks (a rank is missing)");
  }

  @Test
  void skipAnswersEmptyForEveryKindOfBadStep() {
    double[][] bad = {{Double.NaN, 1, 1, 1}, {1, -1, 1, 1}, {1, 1, Double.POSITIVE_INFINITY, 1}, {1, 1, 1}, {}};
    for (double[] b : bad) {
      assertThat(SKIP.admit(1, b)).as(Arrays.toString(b)).isEmpty();
      assertThat(SKIP.problems(b)).as(Arrays.toString(b)).isNotEmpty();
    }
    assertThat(SKIP.admit(1, StepTimes.of(1, 1, 1, 1, 1))).isEmpty();
  }

  @Test
  void aWholeMachineOfBadTimesGivesAShortMessage() {
    double[] nan = new double[1000];
    Arrays.fill(nan, Double.NaN);
    StepTimeGate g = StepTimeGate.of(1000, BadStepTimes.REJECT);
    assertThat(g.problems(nan)).hasSize(1000);
    assertThatThrownBy(() -> g.admit(1, nan))
        .hasMessageContaining("times[7] = NaN")
        .hasMessageNotContaining("times[8] = NaN")
        .hasMessageEndingWith("; and 992 more");
  }

  @Test
  void misuseIsReportedClearly() {
    assertThatThrownBy(() -> StepTimeGate.of(0, BadStepTimes.SKIP)).hasMessageContaining("ranks = 0");
    assertThatThrownBy(() -> SKIP.problems((double[]) null)).hasMessageContaining("seconds = null");
  }
}
