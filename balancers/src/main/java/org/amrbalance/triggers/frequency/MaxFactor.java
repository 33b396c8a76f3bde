package org.amrbalance.triggers.frequency;

import org.amrbalance.spi.internal.Checks;

/**
 * The factor k in E[max_i w_i(t)] ≤ w + tμ + k·σ·√t for N i.i.d. random walks (seed 003 §4): the distribution-free
 * Hartley–David/Gumbel bound (N−1)/√(2N−1) (Theorem 4.1), the normal-approximation constant a(N) (Theorem 4.2), or,
 * as a variant the spec allows, the exact expected maximum of N standard normals.
 */
public enum MaxFactor {
  /** k_HD = (N−1)/√(2N−1): a guaranteed bound whatever the increment distribution. */
  HARTLEY_DAVID,
  /** a(N) = √(2 ln N) − (ln ln N + ln 4π)/(2√(2 ln N)) + γ/√(2 ln N); needs N ≥ 2. */
  NORMAL_ASYMPTOTIC,
  /** E[max of N standard normals], by quadrature. */
  NORMAL_EXACT;

  private static final double EULER_GAMMA = 0.5772156649015329;
  /** Quadratures done: an estimating trigger asks for the same N at every step, and each costs 4,000 evaluations. */
  private static final java.util.Map<Integer, Double> EXACT = new java.util.concurrent.ConcurrentHashMap<>();
  private static final java.util.Map<Integer, Double> SQUARED = new java.util.concurrent.ConcurrentHashMap<>();

  /** k for {@code n} processors. */
  public double of(int n) {
    Checks.check(n >= 2, "n", n, "needs at least 2 processors");
    switch (this) {
      case HARTLEY_DAVID:
        return (n - 1) / Math.sqrt(2.0 * n - 1);
      case NORMAL_ASYMPTOTIC: {
        double r = Math.sqrt(2 * Math.log(n));
        return r - (Math.log(Math.log(n)) + Math.log(4 * Math.PI)) / (2 * r) + EULER_GAMMA / r;
      }
      default:
        return EXACT.computeIfAbsent(n, MaxFactor::expectedMaxOfNormals);
    }
  }

  /** E[max of n i.i.d. standard normals] = ∫ x · n φ(x) Φ(x)^(n−1) dx, Simpson's rule on [−10, 10]. */
  public static double expectedMaxOfNormals(int n) {
    return maxMoment(n, 1);
  }

  /** E[(max of n i.i.d. standard normals)²], cached: 1 for n ≤ 2, about 3.48 for n = 16. */
  public static double expectedSquaredMaxOfNormals(int n) {
    Checks.check(n >= 1, "n", n, "must be >= 1");
    return SQUARED.computeIfAbsent(n, m -> maxMoment(m, 2));
  }

  private static double maxMoment(int n, int power) {
    int steps = 4000;
    double a = -10;
    double h = 20.0 / steps;
    double s = 0;
    for (int i = 0; i <= steps; i++) {
      double x = a + i * h;
      double f = Math.pow(x, power) * n * Normal.density(x) * Math.pow(Normal.cdf(x), n - 1);
      s += f * (i == 0 || i == steps ? 1 : i % 2 == 1 ? 4 : 2);
    }
    return s * h / 3;
  }

  /**
   * E[max_i X_i] for independent X_i ~ N(means[i], deviations[i]²) (a deviation of 0 is a constant):
   * a + ∫_a^b (1 − Π_i Φ((x − μ_i)/s_i)) dx, with a = max_i(μ_i − 10 s_i), where the product is below Φ(−10), and
   * b = max_i(μ_i + 10 s_i), where it is 1; Simpson's rule on {@code intervals} (even) steps.
   */
  public static double expectedMaxOfNormals(double[] means, double[] deviations, int intervals) {
    return expectedMaxOfNormals(means, deviations, intervals, 0, 0, 0);
  }

  /**
   * As {@link #expectedMaxOfNormals(double[], double[], int)}, with {@code pooled} more i.i.d. X ~ N(poolMean,
   * poolDeviation²) whose product of distribution functions is one power: many ranks unlikely to be the maximum
   * cost one evaluation per point instead of one each.
   */
  public static double expectedMaxOfNormals(double[] means, double[] deviations, int intervals, double poolMean,
      double poolDeviation, int pooled) {
    Checks.check(means.length > 0 && means.length == deviations.length, "means", means.length,
        "must be non-empty and as many as the deviations (" + deviations.length + ")");
    Checks.check(intervals >= 2 && intervals % 2 == 0, "intervals", intervals, "must be even and >= 2");
    Checks.check(pooled >= 0, "pooled", pooled, "must be >= 0");
    double a = Double.NEGATIVE_INFINITY;
    double b = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < means.length; i++) {
      if (!Double.isFinite(means[i])) {
        Checks.check(false, "means[" + i + "]", means[i], "must be finite");
      }
      if (!(deviations[i] >= 0 && Double.isFinite(deviations[i]))) {
        Checks.check(false, "deviations[" + i + "]", deviations[i], "must be finite and >= 0");
      }
      a = Math.max(a, means[i] - 10 * deviations[i]);
      b = Math.max(b, means[i] + 10 * deviations[i]);
    }
    if (pooled > 0) {
      a = Math.max(a, poolMean - 10 * poolDeviation);
      b = Math.max(b, poolMean + 10 * poolDeviation);
    }
    if (!(b > a)) {
      return a; // every X_i is the constant a
    }
    double h = (b - a) / intervals;
    double s = 0;
    for (int j = 0; j <= intervals; j++) {
      double x = a + j * h;
      double product = 1;
      for (int i = 0; i < means.length && product > 0; i++) {
        product *= deviations[i] == 0 ? (x >= means[i] ? 1 : 0) : Normal.cdf((x - means[i]) / deviations[i]);
      }
      if (pooled > 0 && product > 0) {
        product *= Math.pow(poolDeviation == 0 ? (x >= poolMean ? 1 : 0) : Normal.cdf((x - poolMean) / poolDeviation),
            pooled);
      }
      s += (1 - product) * (j == 0 || j == intervals ? 1 : j % 2 == 1 ? 4 : 2);
    }
    return a + s * h / 3;
  }

}
