package org.amrbalance.experiments.models;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Set;
import org.junit.jupiter.api.Test;

class EqualLoadsModelTest {
  private final EqualLoadsModel model = EqualLoadsModel.standard();

  @Test
  void everyRankHasLoadOneAndARemapChangesNothing() {
    Scripted p = new Scripted(Set.of(10, 100));
    RunResult r = model.run(1, p);
    assertThat(r.remaps()).isEqualTo(2);
    assertThat(p.times).hasSize(300).allMatch(t -> t.length == 16 && java.util.Arrays.stream(t).allMatch(x -> x == 1));
    assertThat(r.totalTime()).isEqualTo(300 + 2 * 5.0);
  }

  @Test
  void behindTwentyPercentNoiseNeverBeatsEveryFixedIntervalByExactlyItsRemapCosts() {
    StepTimeNoise noise = StepTimeNoise.multiplicative(0.2);
    for (long seed = 0; seed < 5; seed++) {
      RunResult never = model.run(seed, noise, RemapPolicies.never());
      assertThat(never.utilization()).isLessThan(0.8); // the noise's spread is there, remapped or not
      for (int m = 1; m <= 100; m++) {
        RunResult fixed = model.run(seed, noise, RemapPolicies.fixedInterval(m));
        assertThat(fixed.utilization()).as("m = " + m).isLessThan(never.utilization());
        assertThat(fixed.totalTime()).isCloseTo(never.totalTime() + 5 * fixed.remaps(), within(1e-9));
      }
    }
  }
}
