package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.amrbalance.triggers.frequency.MaxFactor;
import org.junit.jupiter.api.Test;

class ExpectedIdleTest {
  @Test
  void withoutNoiseOrUncertaintyItIsTheMaximumMinusTheMean() {
    double[] m = {0.1, -0.05, -0.02, -0.03};
    assertThat(new ExpectedIdle().of(m, 4, 0, 0)).isCloseTo(0.1, within(1e-9)); // the mean of m is 0
    assertThat(new ExpectedIdle().of(new double[] {0.3}, 1, 0, 0.04)).isZero();
  }

  /**
   * 16 ranks with load deviations ℓ_i ~ N(0, V) and noise proportional to the work, X_i = ℓ_i + (1 + ℓ_i)·ε_i with
   * ε_i ~ N(0, σ²): the idle a remap removes, E[max X] − E[max ε], by simulation against the formula, which the skew
   * term brings within 10% (without it the formula is a third too low).
   */
  @Test
  void matchesASimulationOfProportionalNoise() {
    int n = 16;
    double sigma = 0.2;
    double v = 0.003;
    SplittableRandom rnd = new SplittableRandom(3);
    int draws = 400_000;
    double withLoads = 0;
    double balanced = 0;
    for (int d = 0; d < draws; d++) {
      double max = Double.NEGATIVE_INFINITY;
      double maxNoise = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < n; i++) {
        double l = Math.sqrt(v) * rnd.nextGaussian();
        double e = sigma * rnd.nextGaussian();
        max = Math.max(max, l + (1 + l) * e);
        maxNoise = Math.max(maxNoise, sigma * rnd.nextGaussian());
      }
      withLoads += max / draws;
      balanced += maxNoise / draws;
    }
    double simulated = withLoads - balanced;
    double formula = new ExpectedIdle().of(new double[n], n, v, sigma * sigma);
    double gaussianOnly = MaxFactor.NORMAL_EXACT.of(n) * (Math.sqrt(v + sigma * sigma) - sigma);
    assertThat(formula).isCloseTo(simulated, within(0.1 * simulated));
    assertThat(gaussianOnly).isLessThan(0.75 * simulated);
  }

  /** The quadrature and the tabulated Φ against the reference integration of 4,000 points. */
  @Test
  void theQuadratureMatchesAFineIntegration() {
    SplittableRandom rnd = new SplittableRandom(5);
    for (int trial = 0; trial < 20; trial++) {
      int n = 2 + rnd.nextInt(15);
      double[] mu = new double[n];
      double[] sd = new double[n];
      for (int i = 0; i < n; i++) {
        mu[i] = 0.05 * rnd.nextGaussian();
        sd[i] = 0.1 + 0.02 * rnd.nextDouble(); // as the filter gives them: one variance, noise growing with the load
      }
      double exact = MaxFactor.expectedMaxOfNormals(mu, sd, 4000);
      assertThat(ExpectedIdle.expectedMaxOf(mu, sd)).as("trial " + trial).isCloseTo(exact, within(3e-4 * 0.1));
    }
  }

  /**
   * 500 ranks: the 32 largest means integrated, the rest in eight bins, against the reference integration of
   * every rank (the noise term alone, 0.1, makes the idle about 0.3 of the step here).
   */
  @Test
  void poolingTheUnlikelyRanksChangesLittle() {
    SplittableRandom rnd = new SplittableRandom(9);
    int n = 500;
    double[] m = new double[n];
    double[] sd = new double[n];
    double p = 0.0004;
    double r = 0.01;
    double z2 = MaxFactor.expectedSquaredMaxOfNormals(n) - 1;
    double mean = 0;
    for (int i = 0; i < n; i++) {
      m[i] = 0.05 * rnd.nextGaussian();
      double ri = r * (1 + m[i]) * (1 + m[i]);
      sd[i] = Math.sqrt(p + ri);
      mean += m[i] / n;
    }
    double[] mu = new double[n];
    for (int i = 0; i < n; i++) {
      double ri = r * (1 + m[i]) * (1 + m[i]);
      mu[i] = m[i] + p * ri / (p + ri) * z2;
    }
    double exact = MaxFactor.expectedMaxOfNormals(mu, sd, 4000) - mean - Math.sqrt(r) * MaxFactor.NORMAL_EXACT.of(n);
    assertThat(new ExpectedIdle().of(m, n, p, r)).isCloseTo(exact, within(0.02 * exact));
  }
}
