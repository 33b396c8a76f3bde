package org.amrbalance.experiments.scatter;

/**
 * The closed forms of seed 004 for modular mapping of n clusters on P processors, with the spec's
 * corrections (scatter-decomposition.md §6, §7, §11).
 */
public final class ScatterClosedForms {
  private ScatterClosedForms() {}

  /**
   * Eqs. 10 and 11, elbow covariance: phi(0, n) = sigma^2 (n - alpha/3) / n^3; sigma^2 (n - alpha k) / n^3 for
   * 0 < k < delta n; sigma^2 alpha / (6 n^3) at k = delta n (Correction, spec §11.2: the OCR's "delta n^3"
   * is "6 n^3"); 0 beyond. Exact when delta n is an integer.
   */
  public static double elbowPhi(double sigma2, double alpha, int k, int n) {
    double deltaN = n / alpha;
    double n3 = (double) n * n * n;
    if (k == 0) {
      return sigma2 * (n - alpha / 3) / n3;
    }
    if (k < deltaN) {
      return sigma2 * (n - alpha * k) / n3;
    }
    return k == deltaN ? sigma2 * alpha / (6 * n3) : 0;
  }

  /**
   * d0 of Theorem 3: the least degree d with delta 2^d a multiple of P = 2^p, where delta = m_alpha / 2^v
   * is a dyadic rational.
   */
  public static int d0(double delta, int p) {
    for (int d = 0; d <= 62; d++) {
      double x = Math.scalb(delta, d);
      if (x == Math.rint(x) && Math.IEEEremainder(x, Math.scalb(1.0, p)) == 0) {
        return d;
      }
    }
    throw new IllegalArgumentException("delta = " + delta + ": must be a dyadic rational m / 2^v");
  }

  /** Eq. 12 as printed: sigma^2 [(delta - delta^2/3)/P^2 + (1 - alpha/P)/(3n^2) - (1 - alpha)/(3n^2 P)]. */
  public static double elbowVariancePrinted(double sigma2, double alpha, int n, int processors) {
    double delta = 1 / alpha;
    double n2 = (double) n * n;
    double p = processors;
    return sigma2 * ((delta - delta * delta / 3) / (p * p) + (1 - alpha / p) / (3 * n2) - (1 - alpha) / (3 * n2 * p));
  }

  /** Eq. 12 simplified (derived, spec §6): sigma^2 [(delta - delta^2/3)/P^2 + (1 - 1/P)/(3n^2)]; for d >= d0. */
  public static double elbowVariance(double sigma2, double alpha, int n, int processors) {
    double delta = 1 / alpha;
    double p = processors;
    return sigma2 * ((delta - delta * delta / 3) / (p * p) + (1 - 1 / p) / (3.0 * n * n));
  }

  /** Eq. 13, for processors i < j, j - i = gap: sigma^2 [(delta - delta^2/3)/P^2 + 1/(3n^2) - gap/(P n^2)]. */
  public static double elbowCovariance(double sigma2, double alpha, int n, int processors, int gap) {
    double delta = 1 / alpha;
    double p = processors;
    double n2 = (double) n * n;
    return sigma2 * ((delta - delta * delta / 3) / (p * p) + 1 / (3 * n2) - gap / (p * n2));
  }

  /** Theorem 4's extension, linear covariance: sigma^2 [(1 - alpha/3)/P^2 + alpha (1 - 1/P)/(3n^2)]. */
  public static double linearVariance(double sigma2, double alpha, int n, int processors) {
    double p = processors;
    return sigma2 * ((1 - alpha / 3) / (p * p) + alpha * (1 - 1 / p) / (3.0 * n * n));
  }

  /** Linear covariance, processors i < j, gap = j - i: sigma^2 [(1 - alpha/3)/P^2 + alpha/(3n^2) - gap alpha/(P n^2)]. */
  public static double linearCovariance(double sigma2, double alpha, int n, int processors, int gap) {
    double p = processors;
    double n2 = (double) n * n;
    return sigma2 * ((1 - alpha / 3) / (p * p) + alpha / (3 * n2) - gap * alpha / (p * n2));
  }
}
