package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LoadModelFitTest {
  /** Ten intervals of 40 steps on 16 ranks: deviations from a model, measured with noise. */
  private static LoadModel fit(double wander, double slope, double noise, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    LoadModelFit fit = new LoadModelFit(16, 400);
    for (int interval = 0; interval < 10; interval++) {
      double[] level = new double[16];
      double[] drift = new double[16];
      for (int i = 0; i < 16; i++) {
        drift[i] = Math.sqrt(slope) * rnd.nextGaussian();
      }
      for (int k = 1; k <= 40; k++) {
        double[] y = new double[16];
        for (int i = 0; i < 16; i++) {
          level[i] += drift[i] + Math.sqrt(wander) * rnd.nextGaussian();
          y[i] = level[i] + Math.sqrt(noise) * rnd.nextGaussian();
        }
        fit.add(y, k);
      }
    }
    return fit.estimate();
  }

  @Test
  void aRandomWalkUnderHeavyNoiseIsFittedWithinAFactorOfTwo() {
    // The comparison's random walk: increments of variance 0.5 on loads of 100, 20% noise.
    for (long seed = 1; seed <= 3; seed++) {
      LoadModel m = fit(5e-5, 0, 0.04, seed);
      double growth = m.spreadAt(40) - m.spreadAt(0);
      assertThat(growth).as("seed " + seed).isBetween(40 * 5e-5 / 2, 40 * 5e-5 * 2);
      assertThat(m.noise()).isCloseTo(0.04, within(0.004));
    }
  }

  @Test
  void aDriftDrawnAtEachRemapIsFittedWithinAFactorOfTwo() {
    LoadModel m = fit(0, 4e-6, 0.01, 5);
    double growth = m.spreadAt(30) - m.spreadAt(0);
    assertThat(growth).isBetween(900 * 4e-6 / 2, 900 * 4e-6 * 2);
  }

  @Test
  void noiseAloneGivesLittleGrowth() {
    LoadModel m = fit(0, 0, 0.04, 7);
    assertThat(m.spreadAt(40) - m.spreadAt(0)).isLessThan(40 * 5e-5 / 4);
  }

  @Test
  void intervalsHeldOnlyInPartAreLeftOut() {
    LoadModelFit fit = new LoadModelFit(2, 10);
    for (int k = 1; k <= 7; k++) {
      fit.add(new double[] {k, -k}, k);
    }
    for (int k = 1; k <= 6; k++) {
      fit.add(new double[] {k, -k}, k);
    }
    // 13 steps into a capacity of 10: the first interval lost its first 3 steps, the second is whole.
    assertThat(fit.intervals()).hasSize(1);
    assertThat(fit.intervals().get(0)).hasNumberOfRows(6);
  }
}
