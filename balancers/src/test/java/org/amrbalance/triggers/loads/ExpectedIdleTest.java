package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.amrbalance.triggers.frequency.MaxFactor;
import org.junit.jupiter.api.Test;

class ExpectedIdleTest {
  @Test
  void withoutNoiseOrUncertaintyItIsTheMaximumMinusTheMean() {
    double[] m = {0.1, -0.05, -0.02, -0.03};
    assertThat(ExpectedIdle.of(m, new double[4], 0)).isCloseTo(0.1, within(1e-9)); // the mean of m is 0
    assertThat(ExpectedIdle.of(new double[] {0.3}, new double[1], 0.04)).isZero();
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
    double[] zeros = new double[n];
    double[] variances = new double[n];
    Arrays.fill(variances, v);
    double formula = ExpectedIdle.of(zeros, variances, sigma * sigma);
    double gaussianOnly = MaxFactor.NORMAL_EXACT.of(n) * (Math.sqrt(v + sigma * sigma) - sigma);
    assertThat(formula).isCloseTo(simulated, within(0.1 * simulated));
    assertThat(gaussianOnly).isLessThan(0.75 * simulated);
  }

  @Test
  void poolingTheUnlikelyRanksBeyondSixtyFourChangesLittle() {
    SplittableRandom rnd = new SplittableRandom(9);
    int n = 500;
    double[] mu = new double[n];
    double[] sd = new double[n];
    for (int i = 0; i < n; i++) {
      mu[i] = 0.05 * rnd.nextGaussian();
      sd[i] = 0.1 + 0.02 * rnd.nextDouble();
    }
    double exact = MaxFactor.expectedMaxOfNormals(mu, sd, 2000);
    assertThat(ExpectedIdle.expectedMax(mu, sd)).isCloseTo(exact, within(0.01 * exact));
  }
}
