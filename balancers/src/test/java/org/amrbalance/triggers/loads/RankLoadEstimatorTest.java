package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

class RankLoadEstimatorTest {
  /** Four ranks with 1% noise; from step 21 on rank 0 carries 40% more, after a regrid at step 20. */
  private static double idleAfterTheJump(boolean told) {
    RankLoadEstimator e = new RankLoadEstimator();
    Random rnd = new Random(4);
    double idle = 0;
    for (int s = 1; s <= 22; s++) {
      double[] t = new double[4];
      for (int r = 0; r < 4; r++) {
        t[r] = (r == 0 && s > 20 ? 1.4 : 1) * (1 + 0.01 * rnd.nextGaussian());
      }
      e.admit(StepTimes.of(t), false);
      if (s == 20 && told) {
        e.regridded();
      }
      idle = e.idle();
    }
    return idle;
  }

  @Test
  void aRegridLetsTheEstimateFollowAJumpAtOnce() {
    // The removable idle after the jump: max share 1.4/1.1 − 1 = 0.27 of the mean step.
    assertThat(idleAfterTheJump(true)).isGreaterThan(0.2);
    assertThat(idleAfterTheJump(false)).isLessThan(0.1);
  }

  @Test
  void oneRankOrNoModelGivesNoIdle() {
    RankLoadEstimator e = new RankLoadEstimator();
    for (int s = 0; s < 20; s++) {
      e.admit(StepTimes.of(1 + s), false);
    }
    assertThat(e.ready()).isFalse();
    assertThat(e.idle()).isZero();
    RankLoadEstimator two = new RankLoadEstimator();
    two.admit(StepTimes.of(1, 2), false);
    assertThat(two.ready()).isFalse(); // the first fit comes at step 8
  }

  /**
   * Sixteen ranks drifting apart with 5% noise: until the first remap the model is refitted every
   * {@link Tuning#FIRST_INTERVAL_REFIT} steps (not only at 8, 16, 32), each fit on all the steps so far replacing the one
   * before; after a remap the model changes only at the refits of the usual schedule.
   */
  @Test
  void beforeTheFirstRemapTheModelIsRefittedOftenAndEachFitReplacesTheLast() {
    RankLoadEstimator e = new RankLoadEstimator();
    MomentFit allSteps = new MomentFit(16); // 16 ranks: every rank is fitted
    Random rnd = new Random(7);
    java.util.List<Integer> changed = new java.util.ArrayList<>();
    LoadModel last = null;
    for (int s = 1; s <= 40; s++) {
      double[] t = new double[16];
      double sum = 0;
      for (int r = 0; r < 16; r++) {
        t[r] = (1 + 0.01 * s * (r - 7.5) / 7.5) * (1 + 0.05 * rnd.nextGaussian());
        sum += t[r];
      }
      double[] shares = new double[16];
      for (int r = 0; r < 16; r++) {
        shares[r] = t[r] / (sum / 16) - 1;
      }
      allSteps.add(shares);
      e.admit(StepTimes.of(t), false);
      if (s == 28) {
        // Replaced, not averaged: the model in force is the fit of steps 1-28 alone.
        double[] expected = allSteps.estimate().toArray();
        double[] actual = e.model().toArray();
        for (int k = 0; k < expected.length; k++) {
          assertThat(actual[k]).isCloseTo(expected[k], org.assertj.core.data.Offset.offset(1e-12 * (1 + Math.abs(expected[k]))));
        }
      }
      if (e.model() != null && e.model() != last) {
        changed.add(s);
      }
      last = e.model();
    }
    assertThat(changed).containsExactly(8, 12, 16, 20, 24, 28, 32, 36, 40);
    e.remapped(); // a refit, averaged into the model
    LoadModel afterRemap = e.model();
    for (int s = 41; s <= 47; s++) {
      double[] ones = new double[16];
      java.util.Arrays.fill(ones, 1);
      e.admit(StepTimes.of(ones), false);
      assertThat(e.model()).isSameAs(afterRemap);
    }
  }

  /** Averaging towards fits of 0 must not leave variances that shrink into subnormal numbers. */
  @Test
  void tinyVariancesAreFlushedToZero() {
    double[] theta = LoadModel.flushTiny(new double[] {1e-3, 1e-200, 0, 1e-14});
    assertThat(theta).containsExactly(1e-3, 0, 0, 1e-14); // 1e-14 is above 1e-12 of 1e-3
    assertThat(LoadModel.flushTiny(new double[] {2e-3, 1e-12, 0, 0})).containsExactly(2e-3, 1e-12, 0, 0);
  }
}
