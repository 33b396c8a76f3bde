package org.amrbalance.triggers.loads;

import java.util.Arrays;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.frequency.MaxFactor;
import org.amrbalance.triggers.frequency.Normal;

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
    int[] order = null;
    int exact = n;
    double poolMean = 0;
    double poolSd = 0;
    if (n > EXACT_RANKS) {
      Integer[] idx = new Integer[n];
      for (int i = 0; i < n; i++) {
        idx[i] = i;
      }
      Arrays.sort(idx, (x, y) -> Double.compare(mu[y] + 3 * sd[y], mu[x] + 3 * sd[x]));
      order = new int[n];
      for (int i = 0; i < n; i++) {
        order[i] = idx[i];
      }
      exact = EXACT_RANKS;
      double m2 = 0;
      for (int j = exact; j < n; j++) {
        int i = order[j];
        poolMean += mu[i] / (n - exact);
        m2 += (sd[i] * sd[i] + mu[i] * mu[i]) / (n - exact);
      }
      poolSd = Math.sqrt(Math.max(0, m2 - poolMean * poolMean));
    }
    double a = Double.NEGATIVE_INFINITY;
    double b = Double.NEGATIVE_INFINITY;
    for (int j = 0; j < exact; j++) {
      int i = order == null ? j : order[j];
      a = Math.max(a, mu[i] - 10 * sd[i]);
      b = Math.max(b, mu[i] + 10 * sd[i]);
    }
    if (order != null) {
      a = Math.max(a, poolMean - 10 * poolSd);
      b = Math.max(b, poolMean + 10 * poolSd);
    }
    if (!(b > a)) {
      return a;
    }
    double h = (b - a) / POINTS;
    double s = 0;
    for (int k = 0; k <= POINTS; k++) {
      double x = a + k * h;
      double product = 1;
      for (int j = 0; j < exact && product > 0; j++) {
        int i = order == null ? j : order[j];
        product *= sd[i] == 0 ? (x >= mu[i] ? 1 : 0) : Normal.cdf((x - mu[i]) / sd[i]);
      }
      if (order != null && product > 0) {
        double block = poolSd == 0 ? (x >= poolMean ? 1 : 0) : Normal.cdf((x - poolMean) / poolSd);
        product *= Math.pow(block, n - exact);
      }
      s += (1 - product) * (k == 0 || k == POINTS ? 1 : k % 2 == 1 ? 4 : 2);
    }
    return a + s * h / 3;
  }
}
