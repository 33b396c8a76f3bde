package org.amrbalance.triggers.frequency;

import org.amrbalance.spi.internal.Checks;

/**
 * Problem PI of seed 003 (spec §§5, 8.1): the longest remap period T such that the normalized extreme workload
 * difference k·σ·√t/(w + tμ) stays within D for N processors whose loads start at w and take i.i.d. increments of
 * mean μ and variance σ². Solved in s = √t by the stable root T* = (2Dw/(kσ + √(k²σ² − 4D²μw)))², valid for μ = 0 and
 * μ &gt; 0; ∞ if the bound never reaches D (D above the peak D*). The paper's closed forms (Eqs. 9, 10, 13, 14) are
 * {@link #paperClosedForm}, kept as a cross-check.
 */
public final class ExtremeDifferenceInterval {
  private ExtremeDifferenceInterval() {}

  /** Real-valued T* (may be +∞). */
  public static double realInterval(double tolerance, double w, double mu, double sigma2, double k) {
    check(tolerance, w, mu, sigma2, k);
    double sigma = Math.sqrt(sigma2);
    if (sigma == 0) {
      return Double.POSITIVE_INFINITY;
    }
    double disc = k * k * sigma2 - 4 * tolerance * tolerance * mu * w;
    if (disc < 0) {
      return Double.POSITIVE_INFINITY;
    }
    double s = 2 * tolerance * w / (k * sigma + Math.sqrt(disc));
    return s * s;
  }

  /** The bound d̂(t) = kσ√t/(w + tμ) (Eq. 8 with k). */
  public static double bound(double t, double w, double mu, double sigma2, double k) {
    return k * Math.sqrt(sigma2 * t) / (w + t * mu);
  }

  /** T* for N homogeneous processors with the chosen factor. */
  public static double realInterval(int n, MaxFactor factor, double tolerance, double w, double mu, double sigma2) {
    return realInterval(tolerance, w, mu, sigma2, factor.of(n));
  }

  /**
   * The paper's forms: μ = 0: D²w²/(k²σ²) (Eq. 10 with k = k_HD gives (2N−1)D²w²/((N−1)²σ²)); μ &gt; 0: with
   * D* = kσ/(2√(wμ)), m = D* / D ≥ 1 and T0 = w/μ, T* = (2m² − 1 − 2m√(m² − 1))·T0 (Eqs. 9, 13).
   */
  public static double paperClosedForm(double tolerance, double w, double mu, double sigma2, double k) {
    check(tolerance, w, mu, sigma2, k);
    if (mu == 0) {
      return tolerance * tolerance * w * w / (k * k * sigma2);
    }
    double peak = k * Math.sqrt(sigma2) / (2 * Math.sqrt(w * mu));
    double m = peak / tolerance;
    if (m < 1) {
      return Double.POSITIVE_INFINITY;
    }
    return (2 * m * m - 1 - 2 * m * Math.sqrt(m * m - 1)) * (w / mu);
  }

  /**
   * d1(t) = (E[max_i ŵ_i(t)] − tμ̄)/(w + tμ̄) for independent processors whose accumulated (normalized) changes after t
   * phases are taken as Normal(tμ_i, tσ_i²) (the CLT reading of Theorem 6.1, spec §8.2), E[max] by quadrature of
   * 1 − Π_i F_i. Heterogeneous machines pass μ_i/c_i and σ_i²/c_i².
   */
  public static double upperDifference(double t, double w, double[] mu, double[] sigma2) {
    Checks.finitePositive("t", t);
    Checks.finitePositive("w", w);
    Checks.check(mu.length >= 2 && sigma2.length == mu.length, "mu.length", mu.length,
        "needs >= 2 processors and as many variances");
    double lo = Double.MAX_VALUE;
    double hi = -Double.MAX_VALUE;
    double meanMu = 0;
    for (int i = 0; i < mu.length; i++) {
      double sd = Math.sqrt(t * sigma2[i]);
      lo = Math.min(lo, t * mu[i] - 9 * sd);
      hi = Math.max(hi, t * mu[i] + 9 * sd);
      meanMu += mu[i] / mu.length;
    }
    double expectedMax;
    if (hi - lo <= 0) {
      expectedMax = hi;
    } else {
      int steps = 1000;
      double h = (hi - lo) / steps;
      double s = 0;
      for (int k = 0; k <= steps; k++) {
        double x = lo + k * h;
        double prod = 1;
        for (int i = 0; i < mu.length; i++) {
          double sd = Math.sqrt(t * sigma2[i]);
          prod *= sd == 0 ? (x >= t * mu[i] ? 1 : 0) : Normal.cdf((x - t * mu[i]) / sd);
        }
        s += (1 - prod) * (k == 0 || k == steps ? 1 : k % 2 == 1 ? 4 : 2);
      }
      expectedMax = lo + s * h / 3;
    }
    return (expectedMax - t * meanMu) / (w + t * meanMu);
  }

  /** Theorem 6.1's T*: the largest T ≤ maxT with d1(t) ≤ D for t = 1..T (maxT if never exceeded). */
  public static int heterogeneousInterval(double tolerance, double w, double[] mu, double[] sigma2, int maxT) {
    Checks.finitePositive("tolerance", tolerance);
    Checks.positive("maxT", maxT);
    for (int t = 1; t <= maxT; t++) {
      if (upperDifference(t, w, mu, sigma2) > tolerance) {
        return t - 1;
      }
    }
    return maxT;
  }

  /**
   * Theorem 4.3's d1(t) = (g(t) − tμ̄)/(w + tμ̄) for exponential increments of means μ_i: the accumulated change of
   * processor i is Gamma(t, μ_i) (Erlang), g(t) = E[max_i] = ∫_0^∞ (1 − Π_i F_i(x)) dx by quadrature.
   */
  public static double exponentialUpperDifference(int t, double w, double[] mu) {
    Checks.positive("t", t);
    Checks.finitePositive("w", w);
    Checks.check(mu.length >= 2, "mu.length", mu.length, "needs at least 2 processors");
    double maxMu = 0;
    double meanMu = 0;
    for (int i = 0; i < mu.length; i++) {
      Checks.finitePositive("mu[" + i + "]", mu[i]);
      maxMu = Math.max(maxMu, mu[i]);
      meanMu += mu[i] / mu.length;
    }
    // Identical means share one CDF evaluation, raised to their multiplicity.
    double[] distinct = java.util.Arrays.stream(mu).distinct().toArray();
    int[] count = new int[distinct.length];
    for (double m : mu) {
      for (int j = 0; j < distinct.length; j++) {
        if (distinct[j] == m) {
          count[j]++;
        }
      }
    }
    // The Erlang(t) tail is below e^-40 beyond t + 12√t + 40 scale units.
    double hi = maxMu * (t + 12 * Math.sqrt(t) + 40);
    int steps = 2000;
    double h = hi / steps;
    double s = 0;
    for (int k = 0; k <= steps; k++) {
      double x = k * h;
      double prod = 1;
      for (int j = 0; j < distinct.length; j++) {
        prod *= Math.pow(erlangCdf(t, x / distinct[j]), count[j]);
      }
      s += (1 - prod) * (k == 0 || k == steps ? 1 : k % 2 == 1 ? 4 : 2);
    }
    double g = s * h / 3;
    return (g - t * meanMu) / (w + t * meanMu);
  }

  /** Theorem 4.3's T*: the largest T ≤ maxT with |d1(t)| ≤ D for t = 1..T (maxT if never exceeded). */
  public static int exponentialInterval(double tolerance, double w, double[] mu, int maxT) {
    Checks.finitePositive("tolerance", tolerance);
    Checks.positive("maxT", maxT);
    for (int t = 1; t <= maxT; t++) {
      if (Math.abs(exponentialUpperDifference(t, w, mu)) > tolerance) {
        return t - 1;
      }
    }
    return maxT;
  }

  // P(shape t, y) = 1 − e^{−y} Σ_{j<t} y^j/j!, the terms summed in log space so that large y and t do not overflow.
  static double erlangCdf(int shape, double y) {
    if (y <= 0) {
      return 0;
    }
    double logY = Math.log(y);
    double logTerm = -y; // j = 0
    double sum = 0;
    for (int j = 0; j < shape; j++) {
      if (j > 0) {
        logTerm += logY - Math.log(j);
      }
      sum += Math.exp(logTerm);
    }
    return Math.max(0, Math.min(1, 1 - sum));
  }

  private static void check(double tolerance, double w, double mu, double sigma2, double k) {
    Checks.finitePositive("tolerance", tolerance);
    Checks.finitePositive("w", w);
    Checks.finiteNonNegative("mu", mu);
    Checks.finiteNonNegative("sigma2", sigma2);
    Checks.finitePositive("k", k);
  }
}
