package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RankFilterTest {
  private static final LoadModel NOISE_AND_RESIDUE = new LoadModel(0.01, 0, 0, 0.04);

  /** Three ranks at fixed offsets under 20% noise: the levels approach the offsets, the variance falls as 1/k. */
  @Test
  void fixedOffsetsAreFoundAndTheVarianceFallsWithTheSteps() {
    RankFilter f = new RankFilter(3);
    f.start(NOISE_AND_RESIDUE, null, null, 0);
    double[] offsets = {0.1, -0.05, -0.05};
    SplittableRandom rnd = new SplittableRandom(1);
    double previous = f.variance();
    for (int k = 1; k <= 400; k++) {
      double[] y = new double[3];
      for (int i = 0; i < 3; i++) {
        y[i] = offsets[i] + 0.2 * rnd.nextGaussian();
      }
      f.update(NOISE_AND_RESIDUE, y);
      assertThat(f.variance()).isLessThan(previous);
      previous = f.variance();
    }
    // Posterior of a constant under noise R and prior P0 after k steps: 1/(1/P0 + k/R).
    assertThat(f.variance()).isCloseTo(1 / (1 / 0.01 + 400 / 0.04), within(1e-9));
    for (int i = 0; i < 3; i++) {
      assertThat(f.levels()[i]).isCloseTo(offsets[i], within(0.03));
    }
  }

  /** A rank drifting by 0.002 a step is followed, with the slope the model allows; without it, the level lags. */
  @Test
  void aDriftIsFollowedWhenTheModelAllowsASlope() {
    LoadModel drifting = new LoadModel(0, 1e-5, 0, 0.0004);
    RankFilter f = new RankFilter(2);
    f.start(drifting, null, null, drifting.slope());
    RankFilter flat = new RankFilter(2);
    flat.start(NOISE_AND_RESIDUE, null, null, 0);
    SplittableRandom rnd = new SplittableRandom(2);
    for (int k = 1; k <= 60; k++) {
      double[] y = {0.002 * k + 0.02 * rnd.nextGaussian(), -0.002 * k + 0.02 * rnd.nextGaussian()};
      f.update(drifting, y);
      flat.update(NOISE_AND_RESIDUE, y);
    }
    assertThat(f.levels()[0]).isCloseTo(0.12, within(0.02));
    assertThat(flat.levels()[0]).isLessThan(0.08); // the mean of the interval, not its end
  }

  /** One step 100 deviations off moves the level by at most the clip times the gain. */
  @Test
  void anOutlierIsClipped() {
    RankFilter f = new RankFilter(1);
    f.start(NOISE_AND_RESIDUE, null, null, 0);
    f.update(NOISE_AND_RESIDUE, new double[] {0});
    double before = f.levels()[0];
    f.update(NOISE_AND_RESIDUE, new double[] {100});
    // Predicted deviation √(P + R) ≤ √0.05; gain ≤ 1: the move is at most 5 √0.05 ≈ 1.1, not 100.
    assertThat(f.levels()[0] - before).isLessThan(Tuning.CLIP * Math.sqrt(0.05));
  }

  /** A model without growth leaves the variance at 0; a refit with growth reopens it at once. */
  @Test
  void aRefreshWithGrowthReopensAFilterThatHadNone() {
    LoadModel none = new LoadModel(0, 0, 0, 0.04);
    RankFilter f = new RankFilter(2);
    f.start(none, null, null, 0);
    for (int k = 0; k < 20; k++) {
      f.update(none, new double[] {0.1, -0.1});
    }
    assertThat(f.variance()).isZero();
    LoadModel growing = new LoadModel(0, 1e-5, 1e-5, 0.04);
    f.refresh(growing, growing.slope(), 20);
    assertThat(f.variance()).isGreaterThan(1e-4);
  }
}
