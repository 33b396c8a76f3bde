package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StepTimesTest {

  @Test
  void summaryStatistics() {
    StepTimes t = StepTimes.of(1, 2, 3, 6);
    assertThat(t.ranks()).isEqualTo(4);
    assertThat(t.max()).isEqualTo(6);
    assertThat(t.average()).isEqualTo(3);
    assertThat(t.idle()).isCloseTo(3, within(1e-12));
    assertThat(t.time(2)).isEqualTo(3);
  }

  @Test
  void badTimesAreRejectedNamingTheRank() {
    assertThatThrownBy(() -> StepTimes.of(1, Double.NaN)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("times[1] = NaN");
    assertThatThrownBy(() -> StepTimes.of(-0.5, 1)).hasMessageContaining("times[0] = -0.5");
    assertThatThrownBy(() -> StepTimes.of(1, 2, Double.POSITIVE_INFINITY)).hasMessageContaining("times[2] = Infinity");
    assertThatThrownBy(StepTimes::of).hasMessageContaining("times.length = 0");
  }

  @Test
  void decisionsCarryTheirReason() {
    assertThat(RemapDecision.remap("W rose", 2.5).shouldRemap()).isTrue();
    assertThat(RemapDecision.remap("W rose", 2.5).predictedGain()).isEqualTo(2.5);
    assertThat(RemapDecision.keep().shouldRemap()).isFalse();
    assertThat(RemapDecision.keep("steady").reason()).isEqualTo("steady");
    assertThatThrownBy(() -> RemapDecision.remap("x", Double.POSITIVE_INFINITY)).hasMessageContaining("predictedGain");
  }

  @Test
  void costModelRejectsBadCoefficients() {
    assertThatThrownBy(() -> CostModel.of(0, 1)).hasMessageContaining("computePerPoint = 0.0");
    assertThatThrownBy(() -> CostModel.of(1, Double.NaN)).hasMessageContaining("sendPerPointHop = NaN");
    assertThatThrownBy(() -> CostModel.unit().withRemapCostEstimate(-1)).hasMessageContaining("remapCostEstimate = -1.0");
  }
}
