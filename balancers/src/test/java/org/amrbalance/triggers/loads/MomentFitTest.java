package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MomentFitTest {
  /** Ten intervals of 40 steps on 16 ranks: deviations from a model, measured with noise. */
  private static LoadModel fit(double wander, double slope, double noise, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    MomentFit fit = new MomentFit(16);
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
        fit.add(y, false);
      }
      fit.closeInterval();
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

  /**
   * Deviations redrawn at every regrid (every 4 steps, variance 0.01) under noise of variance 0.0025: told of the
   * regrids the fit finds the noise; counting the pairs across regrids it would take most of the redraws for noise.
   */
  @Test
  void deviationsRedrawnAtRegridsAreNotCountedAsNoise() {
    for (boolean told : new boolean[] {true, false}) {
      SplittableRandom rnd = new SplittableRandom(11);
      MomentFit fit = new MomentFit(16);
      for (int interval = 0; interval < 10; interval++) {
        double[] level = new double[16];
        for (int k = 1; k <= 40; k++) {
          boolean regrid = k % 4 == 0;
          double[] y = new double[16];
          for (int i = 0; i < 16; i++) {
            if (regrid) {
              level[i] = 0.1 * rnd.nextGaussian();
            }
            y[i] = level[i] + 0.05 * rnd.nextGaussian();
          }
          fit.add(y, told && regrid);
        }
        fit.closeInterval();
      }
      double noise = fit.estimate().noise();
      if (told) {
        assertThat(noise).isCloseTo(0.0025, within(0.0005));
      } else {
        assertThat(noise).isGreaterThan(2 * 0.0025);
      }
    }
  }

  @Test
  void theRunningIntervalCountsAndStepsBeforeTwoPerRankGiveNoModel() {
    MomentFit fit = new MomentFit(2);
    fit.add(new double[] {0.1, -0.1}, false);
    assertThat(fit.estimate()).isNull();
    fit.add(new double[] {0.2, -0.2}, false);
    assertThat(fit.estimate()).isNotNull();
  }

  @Test
  void theClosedFormRowsEqualTheirSums() {
    for (int n : new int[] {1, 2, 7, 40}) {
      double skmin = 0;
      for (int j = 1; j <= n; j++) {
        double tail = 0;
        for (int k = j; k <= n; k++) {
          tail += k;
        }
        skmin += tail * tail;
      }
      assertThat(MomentFit.rows(n)[3][2]).as("n = " + n).isCloseTo(skmin, within(1e-9 * skmin));
      assertThat(MomentFit.rows(n)[2][2]).as("n = " + n).isEqualTo(n * (n + 1.0) * (2 * n + 1) / 6);
    }
  }

  @Test
  void aStateWrittenAndReadFitsTheSame() {
    MomentFit a = new MomentFit(3);
    SplittableRandom rnd = new SplittableRandom(2);
    for (int k = 0; k < 25; k++) {
      a.add(new double[] {rnd.nextGaussian(), rnd.nextGaussian(), 0.1 * k}, k % 4 == 0);
      if (k == 10) {
        a.closeInterval();
      }
    }
    double[] state = a.toArray();
    assertThat(MomentFit.accepts(state, 3)).isTrue();
    assertThat(MomentFit.accepts(state, 4)).isFalse();
    MomentFit b = new MomentFit(3);
    b.set(state);
    assertThat(b.estimate()).isEqualTo(a.estimate());
  }

  /** Intervals older than the history window leave the fit: a fit ends up knowing only the last 400 steps. */
  @Test
  void intervalsBeyondTheHistoryAreForgotten() {
    MomentFit early = new MomentFit(2);
    MomentFit late = new MomentFit(2);
    SplittableRandom rnd = new SplittableRandom(3);
    for (int interval = 0; interval < 30; interval++) {
      for (int k = 1; k <= 20; k++) {
        double[] y = {rnd.nextGaussian() * 0.1, rnd.nextGaussian() * 0.1};
        if (interval < 5) {
          early.add(new double[] {y[0] + 0.05 * k, y[1]}, false); // a drift only the first 100 steps have
        } else {
          early.add(y, false);
        }
        if (interval >= 5) {
          late.add(y, false);
        }
      }
      early.closeInterval();
      if (interval >= 5) {
        late.closeInterval();
      }
    }
    assertThat(early.estimate()).isEqualTo(late.estimate());
  }
}
