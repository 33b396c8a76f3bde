package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
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
   * The first remaps are decided on the first fits: every 4 steps up to step 64, then every 16 (a changed model is a
   * refit; the loads wander and are measured with noise, so every fit differs from the one before).
   */
  @Test
  void theModelIsRefittedEveryFourStepsUpToStep64ThenEverySixteen() {
    RankLoadEstimator e = new RankLoadEstimator();
    Random rnd = new Random(9);
    List<Integer> changes = new ArrayList<>();
    LoadModel last = null;
    double[] drift = new double[8];
    for (int s = 1; s <= 120; s++) {
      double[] t = new double[8];
      for (int r = 0; r < 8; r++) {
        drift[r] += 0.01 * rnd.nextGaussian();
        t[r] = (1 + drift[r]) * (1 + 0.05 * rnd.nextGaussian());
      }
      e.admit(StepTimes.of(t), false);
      if (e.model() != null && !e.model().equals(last)) {
        changes.add(s);
        last = e.model();
      }
    }
    assertThat(changes).containsExactly(8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 80, 96, 112);
  }

  /** Eight ranks of equal loads behind 5% noise: nothing drifts. */
  private static void equalLoads(RankLoadEstimator e, Random rnd, int steps) {
    for (int s = 0; s < steps; s++) {
      double[] t = new double[8];
      for (int r = 0; r < 8; r++) {
        t[r] = 1 + 0.05 * rnd.nextGaussian();
      }
      e.admit(StepTimes.of(t), false);
    }
  }

  @Test
  void aCarriedModelIsInForceFromTheFirstStep() {
    CarriedModel carried = new CarriedModel(0, 1e-4, 1e-3, 0.0025, 100);
    RankLoadEstimator e = new RankLoadEstimator(carried);
    equalLoads(e, new Random(3), 1);
    assertThat(e.ready()).isTrue();
    assertThat(e.model()).isEqualTo(carried.model());
    RankLoadEstimator cold = new RankLoadEstimator();
    equalLoads(cold, new Random(3), 7);
    assertThat(cold.ready()).isFalse();
    assertThat(cold.learned()).isEmpty();
  }

  /**
   * A fit of the run's own t steps is blended with the carried model's p steps as t / (t + p) before the model in
   * force moves half way to it (the carried model counts as the first fit): the first fit at step 8 moves a carried
   * wander of 1e-3 that these steps do not show by at most 0.5 × 8/28, and by step 400 the run's own fits rule.
   */
  @Test
  void theRunsOwnFitsTakeOverAsItsStepsAddUp() {
    CarriedModel carried = new CarriedModel(0, 0, 1e-3, 0.0025, 20);
    RankLoadEstimator e = new RankLoadEstimator(carried);
    Random rnd = new Random(5);
    equalLoads(e, rnd, 8);
    assertThat(e.model().wander()).isBetween(1e-3 * (1 - 0.5 * 8 / 28.0) - 1e-12, 1e-3 * (1 - 0.5 * 8 / 28.0 / 2));
    equalLoads(e, rnd, 392);
    assertThat(e.model().wander()).isLessThan(0.1e-3);
    assertThat(e.learned()).hasValueSatisfying(m -> {
      assertThat(m.steps()).isEqualTo(420); // the carried model's 20 and this run's 400
      assertThat(m.wander()).isEqualTo(e.model().wander());
    });
  }

  /** Sixteen ranks whose loads wander by {@code wander} a step from 1, behind noise of deviation {@code noise}. */
  private static void wandering(RankLoadEstimator e, Random rnd, int steps, double wander, double noise) {
    double[] load = new double[16];
    java.util.Arrays.fill(load, 1);
    for (int s = 0; s < steps; s++) {
      double[] t = new double[16];
      for (int r = 0; r < 16; r++) {
        load[r] += Math.sqrt(wander) * rnd.nextGaussian();
        t[r] = load[r] * (1 + noise * rnd.nextGaussian());
      }
      e.admit(StepTimes.of(t), false);
    }
  }

  /**
   * A carried model of another problem is dropped for the run's own fits once the steps tell: its noise off by more
   * than twice (seen at the first fit), or its growth far from the interval sums (seen within the run); a carried
   * model of the same problem is kept for the whole run.
   */
  @Test
  void aCarriedModelTheStepsContradictIsDroppedAndOneTheyAgreeWithIsKept() {
    RankLoadEstimator noisier = new RankLoadEstimator(new CarriedModel(0, 0, 1e-4, 0.04, 400));
    wandering(noisier, new Random(1), 8, 1e-4, 0.01);
    assertThat(noisier.learned()).hasValueSatisfying(m -> assertThat(m.steps()).isEqualTo(8));
    assertThat(noisier.model().noise()).isLessThan(0.001);

    RankLoadEstimator quieter = new RankLoadEstimator(new CarriedModel(0, 0, 1e-6, 1e-6, 400));
    wandering(quieter, new Random(4), 8, 1e-4, 0.01);
    assertThat(quieter.learned()).hasValueSatisfying(m -> assertThat(m.steps()).isEqualTo(8));

    RankLoadEstimator still = new RankLoadEstimator(new CarriedModel(0, 0, 0, 1e-4, 400));
    wandering(still, new Random(2), 100, 1e-4, 0.01);
    assertThat(still.learned()).hasValueSatisfying(m -> assertThat(m.steps()).isEqualTo(100));

    RankLoadEstimator same = new RankLoadEstimator(new CarriedModel(0, 0, 1e-4, 1e-4, 400));
    wandering(same, new Random(3), 400, 1e-4, 0.01);
    assertThat(same.learned()).hasValueSatisfying(m -> assertThat(m.steps()).isEqualTo(800));
  }

  /** Averaging towards fits of 0 must not leave variances that shrink into subnormal numbers. */
  @Test
  void tinyVariancesAreFlushedToZero() {
    double[] theta = LoadModel.flushTiny(new double[] {1e-3, 1e-200, 0, 1e-14});
    assertThat(theta).containsExactly(1e-3, 0, 0, 1e-14); // 1e-14 is above 1e-12 of 1e-3
    assertThat(LoadModel.flushTiny(new double[] {2e-3, 1e-12, 0, 0})).containsExactly(2e-3, 1e-12, 0, 0);
  }
}
