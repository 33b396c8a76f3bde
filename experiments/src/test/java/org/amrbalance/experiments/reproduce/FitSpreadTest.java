package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FitSpreadTest {
  /** Growth well above the noise over 20 steps, so a few hundred intervals pin it (under 20% noise they do not). */
  private static final FitSpread.Model TRUTH = new FitSpread.Model(1e-4, 1e-5, 1e-4, 0.0025);

  @Test
  void maximumLikelihoodRecoversTheModelFromManyIntervals() {
    Random random = new Random(7);
    int n = 20;
    double[][] scatter = new double[n][n];
    int intervals = 200;
    for (int i = 0; i < intervals; i++) {
      FitSpread.accumulate(scatter, FitSpread.draw(TRUTH, 16, n, random));
    }
    FitSpread.Model start = new FitSpread.Model(1e-3, 1e-5, 1e-4, 0.01);
    FitSpread.Model fit = FitSpread.maximumLikelihood(scatter, 16L * intervals, start);
    assertThat(fit.noise()).isCloseTo(TRUTH.noise(), org.assertj.core.data.Percentage.withPercentage(3));
    assertThat(fit.growth(n)).isCloseTo(TRUTH.growth(n), org.assertj.core.data.Percentage.withPercentage(10));
  }

  @Test
  void bothEstimatesCentreOnTheTruthAndNarrowWithMoreIntervals() {
    List<FitSpread.Checkpoint> c = FitSpread.run(TRUTH, 16, 20, List.of(2, 20), 24, 11);
    for (FitSpread.Checkpoint k : c) {
      assertThat(k.trigger()).hasSize(24);
      assertThat(k.likelihood()).hasSize(24);
    }
    double truth = TRUTH.growth(20);
    double late = TriggerComparison.mean(c.get(1).likelihood());
    assertThat(late / truth).isBetween(0.8, 1.2);
    assertThat(TriggerComparison.mean(c.get(1).trigger()) / truth).isBetween(0.6, 1.4);
    assertThat(spread(c.get(1).likelihood())).isLessThan(spread(c.get(0).likelihood()));
    assertThat(spread(c.get(1).trigger())).isLessThan(spread(c.get(0).trigger()));
  }

  @Test
  void checkpointsMustAscend() {
    assertThatThrownBy(() -> FitSpread.run(TRUTH, 16, 20, List.of(5, 2), 4, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("checkpoints");
  }

  private static double spread(double[] x) {
    double m = TriggerComparison.mean(x);
    double s = 0;
    for (double v : x) {
      s += (v - m) * (v - m);
    }
    return Math.sqrt(s / (x.length - 1));
  }
}
