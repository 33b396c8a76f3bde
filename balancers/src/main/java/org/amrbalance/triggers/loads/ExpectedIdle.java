package org.amrbalance.triggers.loads;

import java.util.Arrays;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.frequency.MaxFactor;

/**
 * The idle a remap removes in expectation, in shares of the step: E[max_i (1 + ℓ_i)(1 + ε_i)] − E[max_i (1 + ε_i)] with
 * ℓ_i ~ N(m_i, P_i) the posterior of rank i's load deviation and ε_i ~ N(0, R) its measurement noise, noise being
 * proportional to the work (a rank with more work also varies more).
 *
 * <p>Each X_i = ℓ_i + (1 + ℓ_i)ε_i is taken as a normal of mean m_i and variance P_i + R(1 + m_i)², shifted up by its
 * skew: X_i mixes a spread that grows with ℓ_i, and the maximum of N sits in that longer right tail, by about
 * P_i·R_i/(P_i + R_i)·(E[Z²_(N)] − 1) (a Cornish–Fisher term; E[Z²_(N)] the mean square of the largest of N standard
 * normals). Without it the growth of the idle under 20% noise comes out 1.6 times too small (16 ranks, checked by
 * simulation in the tests). Beyond {@link #EXACT_RANKS} ranks, the ranks least likely to be the maximum are pooled into
 * one block of i.i.d. normals with their mean moments, so the cost stays O(N log N + 64·points).
 */
public final class ExpectedIdle {
  /** Ranks integrated one by one; the rest are pooled. */
  static final int EXACT_RANKS = 64;
  private static final int POINTS = 200;

  private ExpectedIdle() {}

  /**
   * @param means posterior mean deviations m_i (shares, centred or not)
   * @param variances posterior variances P_i ≥ 0
   * @param noise measurement noise variance R ≥ 0
   * @return the expected idle a remap removes now, in shares of the mean step time (may be slightly below 0)
   */
  public static double of(double[] means, double[] variances, double noise) {
    int n = means.length;
    Checks.check(n >= 1 && variances.length == n, "means", n, "must be non-empty and as many as the variances");
    Checks.finiteNonNegative("noise", noise);
    if (n == 1) {
      return 0;
    }
    double z2 = MaxFactor.expectedSquaredMaxOfNormals(n) - 1;
    double[] mu = new double[n];
    double[] sd = new double[n];
    double centre = 0;
    for (int i = 0; i < n; i++) {
      double p = Math.max(0, variances[i]);
      double r = noise * (1 + means[i]) * (1 + means[i]);
      mu[i] = means[i] + (p + r > 0 ? p * r / (p + r) * z2 : 0);
      sd[i] = Math.sqrt(p + r);
      centre += means[i] / n;
    }
    double baseline = Math.sqrt(noise) * MaxFactor.NORMAL_EXACT.of(n);
    return expectedMax(mu, sd) - centre - baseline;
  }

  /** E[max_i N(mu_i, sd_i²)], the least likely ranks pooled beyond {@link #EXACT_RANKS}. */
  static double expectedMax(double[] mu, double[] sd) {
    int n = mu.length;
    if (n <= EXACT_RANKS) {
      return MaxFactor.expectedMaxOfNormals(mu, sd, POINTS);
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Double.compare(mu[y] + 3 * sd[y], mu[x] + 3 * sd[x]));
    double[] exactMeans = new double[EXACT_RANKS];
    double[] exactDeviations = new double[EXACT_RANKS];
    for (int j = 0; j < EXACT_RANKS; j++) {
      exactMeans[j] = mu[order[j]];
      exactDeviations[j] = sd[order[j]];
    }
    double poolMean = 0;
    double m2 = 0;
    for (int j = EXACT_RANKS; j < n; j++) {
      int i = order[j];
      poolMean += mu[i] / (n - EXACT_RANKS);
      m2 += (sd[i] * sd[i] + mu[i] * mu[i]) / (n - EXACT_RANKS);
    }
    double poolSd = Math.sqrt(Math.max(0, m2 - poolMean * poolMean));
    return MaxFactor.expectedMaxOfNormals(exactMeans, exactDeviations, POINTS, poolMean, poolSd, n - EXACT_RANKS);
  }
}
