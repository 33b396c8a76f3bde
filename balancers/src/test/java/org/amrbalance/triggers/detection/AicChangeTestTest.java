package org.amrbalance.triggers.detection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AicChangeTestTest {

  private static double[] normal(SplittableRandom rng, int n, double mean, double sd) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      // Box-Muller
      x[i] = mean + sd * Math.sqrt(-2 * Math.log(1 - rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
    }
    return x;
  }

  private static double mlVar(double[] x) {
    double m = 0;
    for (double v : x) {
      m += v / x.length;
    }
    double s = 0;
    for (double v : x) {
      s += (v - m) * (v - m);
    }
    return s / x.length;
  }

  @Test
  void statisticIsTheLikelihoodRatioOfOneNormalAgainstTwo() {
    SplittableRandom rng = new SplittableRandom(1);
    AicChangeTest t = AicChangeTest.standard();
    for (int i = 0; i < 100; i++) {
      double[] b = normal(rng, 8, 1, 0.1);
      double[] c = normal(rng, 8, 1 + rng.nextDouble() * 0.2, 0.05 + rng.nextDouble() * 0.2);
      double[] j = new double[16];
      System.arraycopy(b, 0, j, 0, 8);
      System.arraycopy(c, 0, j, 8, 8);
      double lambda = 16 * Math.log(mlVar(j)) - 8 * Math.log(mlVar(b)) - 8 * Math.log(mlVar(c));
      assertThat(t.statistic(b, c)).isCloseTo(lambda, offset(1e-9)).isGreaterThanOrEqualTo(0);
      // AIC_J = 2c ln σ_J² + 4 against AIC_S = c ln(σ_B² σ_C²) + 8 (spec §4 correction).
      boolean aic = 16 * Math.log(mlVar(j)) + 4 > 8 * Math.log(mlVar(b) * mlVar(c)) + 8;
      assertThat(t.signalsChange(b, c)).isEqualTo(aic);
      // The printed form halves the log terms: change iff Λ > 8.
      assertThat(AicChangeTest.of(AicChangeTest.Form.PRINTED, 1e-9).signalsChange(b, c)).isEqualTo(lambda > 8);
    }
  }

  @Test
  void detectsMeanShiftsAndVarianceChangesButRarelyNoise() {
    SplittableRandom rng = new SplittableRandom(2);
    AicChangeTest t = AicChangeTest.standard();
    int falsePositives = 0;
    int meanHits = 0;
    int varianceHits = 0;
    int trials = 2000;
    for (int i = 0; i < trials; i++) {
      double[] base = normal(rng, 6, 1, 0.1);
      falsePositives += t.signalsChange(base, normal(rng, 6, 1, 0.1)) ? 1 : 0;
      meanHits += t.signalsChange(base, normal(rng, 6, 1.3, 0.1)) ? 1 : 0;
      varianceHits += t.signalsChange(base, normal(rng, 6, 1, 1.0)) ? 1 : 0;
    }
    // The asymptotic χ²(2) level of Λ > 4 is e^-2 = 0.135; with c = 6 it is larger. The paper assumes α = 0.2.
    assertThat((double) falsePositives / trials).isBetween(0.1, 0.3);
    assertThat((double) meanHits / trials).isGreaterThan(0.95);
    assertThat((double) varianceHits / trials).isGreaterThan(0.8);
    // Identical constant clusters: no change; differing constant clusters: change.
    assertThat(t.statistic(new double[] {1, 1, 1}, new double[] {1, 1, 1})).isZero();
    assertThat(t.signalsChange(new double[] {1, 1, 1}, new double[] {2, 2, 2})).isTrue();
  }
}
