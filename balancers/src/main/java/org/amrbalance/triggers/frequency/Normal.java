package org.amrbalance.triggers.frequency;

/** The standard normal density and distribution function. */
final class Normal {
  private Normal() {}

  static double density(double x) {
    return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
  }

  /**
   * Φ(x) = 1/2 + φ(x)·(x + x³/3 + x⁵/(3·5) + …): all terms share a sign, so the series has no cancellation; absolute
   * error near machine precision for |x| ≤ 9, and beyond that Φ is 0 or 1 to double precision.
   */
  static double cdf(double x) {
    if (x < -9) {
      return 0;
    }
    if (x > 9) {
      return 1;
    }
    double term = x;
    double sum = x;
    double x2 = x * x;
    for (int k = 3; Math.abs(term) > 1e-17 * Math.abs(sum); k += 2) {
      term *= x2 / k;
      sum += term;
    }
    return Math.min(1, Math.max(0, 0.5 + density(x) * sum));
  }
}
