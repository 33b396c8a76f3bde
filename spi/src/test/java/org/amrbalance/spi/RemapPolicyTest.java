package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RemapPolicyTest {
  /** A policy that keeps nothing, relying on the defaults. */
  private static final class Stateless implements RemapPolicy {
    @Override
    public RemapDecision onStep(StepTimes times) {
      return RemapDecision.keep();
    }

    @Override
    public void onRemap(double measuredCost) {}
  }

  @Test
  void aStatelessPolicySavesNothingAndRefusesAnyOtherState() {
    RemapPolicy p = new Stateless();
    assertThat(p.saveState()).isEmpty();
    p.restoreState(p.saveState());
    assertThatThrownBy(() -> p.restoreState(new byte[3])).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("state = 3 bytes: Stateless keeps no state");
    assertThatThrownBy(() -> p.restoreState(null)).hasMessageContaining("state = null");
    assertThat(p.onRegrid().shouldRemap()).isFalse();
  }
}
