package org.amrbalance.triggers.frequency;

import org.amrbalance.spi.internal.Checks;

/**
 * Problem PII of seed 003 (spec §§6, 7, 8.3): the longest remap period T such that the normalized workload deviation
 * v(t) = √((N−1)σ̄²t + (Σμ_i² − Nμ̄²)t²)/(w + tμ̄) (Eq. 20) stays within B, for independent increments with per-processor
 * means μ_i and variances σ_i². Heterogeneous processors of capacities c_i use μ_i/c_i and σ_i²/c_i² (§6).
 *
 * <p>With A = b − B²μ̄², β = a − 2B²wμ̄, c = B²w² (a = (N−1)σ̄², b = Σμ_i² − Nμ̄²), v(t) &gt; B ⇔ At² + βt − c &gt; 0; the
 * first crossing is T* = 2c/(β + √(β² + 4Ac)) (∞ if it never happens). This single formula covers Theorem 5.1's cases
 * and Corollary 5.1 (Eq. 27 for μ = 0: T* = w²B²/((N−1)σ²)).
 */
public final class DeviationInterval {
  private final double a;
  private final double b;
  private final double meanMu;
  private final int n;

  private DeviationInterval(double[] mu, double[] sigma2) {
    n = mu.length;
    double m = 0;
    double s = 0;
    double sq = 0;
    for (int i = 0; i < n; i++) {
      m += mu[i];
      s += sigma2[i];
      sq += mu[i] * mu[i];
    }
    meanMu = m / n;
    a = (n - 1) * (s / n);
    b = Math.max(0, sq - n * meanMu * meanMu);
  }

  /** Per-processor increment means and variances (already per unit of capacity). */
  public static DeviationInterval of(double[] mu, double[] sigma2) {
    Checks.check(mu.length >= 2, "mu.length", mu.length, "needs at least 2 processors");
    Checks.check(sigma2.length == mu.length, "sigma2.length", sigma2.length, "must equal mu.length = " + mu.length);
    for (int i = 0; i < mu.length; i++) {
      Checks.finite("mu[" + i + "]", mu[i]);
      Checks.finiteNonNegative("sigma2[" + i + "]", sigma2[i]);
    }
    return new DeviationInterval(mu.clone(), sigma2.clone());
  }

  /** N identical processors. */
  public static DeviationInterval homogeneous(int n, double mu, double sigma2) {
    Checks.check(n >= 2, "n", n, "needs at least 2 processors");
    double[] m = new double[n];
    double[] s = new double[n];
    java.util.Arrays.fill(m, mu);
    java.util.Arrays.fill(s, sigma2);
    return of(m, s);
  }

  /** Heterogeneous machines (§6): raw increment moments divided by the capacities c_i (c_i² for variances). */
  public static DeviationInterval heterogeneous(double[] mu, double[] sigma2, double[] capacity) {
    Checks.check(capacity.length == mu.length, "capacity.length", capacity.length,
        "must equal mu.length = " + mu.length);
    Checks.check(sigma2.length == mu.length, "sigma2.length", sigma2.length, "must equal mu.length = " + mu.length);
    double[] m = new double[mu.length];
    double[] s = new double[mu.length];
    for (int i = 0; i < mu.length; i++) {
      Checks.finitePositive("capacity[" + i + "]", capacity[i]);
      m[i] = mu[i] / capacity[i];
      s[i] = sigma2[i] / (capacity[i] * capacity[i]);
    }
    return of(m, s);
  }

  /** v(t) for loads that start at w (normalized loads after a capacity-proportional remap). */
  public double deviation(double t, double w) {
    return Math.sqrt(a * t + b * t * t) / (w + t * meanMu);
  }

  /** Lemma 5.1: V_L = √b/μ̄, the limit of v(t) (NaN if μ̄ = 0). */
  public double limit() {
    return meanMu == 0 ? Double.NaN : Math.sqrt(b) / meanMu;
  }

  /** The real-valued T* for tolerance B and initial (normalized) load w; +∞ if v never exceeds B. */
  public double realInterval(double tolerance, double w) {
    Checks.finitePositive("tolerance", tolerance);
    Checks.finitePositive("w", w);
    double bb = tolerance * tolerance;
    double quad = b - bb * meanMu * meanMu;
    double lin = a - 2 * bb * w * meanMu;
    double c = bb * w * w;
    if (quad == 0) {
      return lin > 0 ? c / lin : Double.POSITIVE_INFINITY;
    }
    double disc = lin * lin + 4 * quad * c;
    if (disc < 0) {
      return Double.POSITIVE_INFINITY;
    }
    double den = lin + Math.sqrt(disc);
    return den > 0 ? 2 * c / den : Double.POSITIVE_INFINITY;
  }

  /** B* = a/(2√(wμ̄A1)) with A1 = a − wμ̄V_L², at T2 = wa/(μ̄A2), A2 = a − 2wμ̄V_L² (needs μ̄ &gt; 0 and A2 &gt; 0). */
  public double peak(double w) {
    double vl2 = b / (meanMu * meanMu);
    return a / (2 * Math.sqrt(w * meanMu * (a - w * meanMu * vl2)));
  }

  /** T2, where v peaks. */
  public double peakTime(double w) {
    double vl2 = b / (meanMu * meanMu);
    return w * a / (meanMu * (a - 2 * w * meanMu * vl2));
  }

  /** T1 = w²V_L²/A2, where v first reaches V_L. */
  public double limitTime(double w) {
    double vl2 = b / (meanMu * meanMu);
    return w * w * vl2 / (a - 2 * w * meanMu * vl2);
  }

  public int processors() {
    return n;
  }
}
