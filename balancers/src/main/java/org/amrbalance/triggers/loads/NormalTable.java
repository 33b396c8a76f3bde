package org.amrbalance.triggers.loads;

/**
 * Φ tabulated on [−8, 8] in steps of 1/128 and interpolated linearly (error below 3e-6): the expected idle evaluates it
 * some hundreds of times a step, and a series or an exponential per call was most of the trigger's cost. The table is
 * built by integrating φ cell by cell with Simpson's rule from Φ(−8) ≈ 6e-16.
 */
final class NormalTable {
  private static final double LIMIT = 8;
  private static final int PER_UNIT = 128;
  private static final double[] PHI = build();

  private NormalTable() {}

  private static double[] build() {
    int n = (int) (2 * LIMIT * PER_UNIT);
    double[] t = new double[n + 1];
    double h = 1.0 / PER_UNIT;
    double value = 6.22e-16;
    t[0] = value;
    for (int j = 1; j <= n; j++) {
      double x0 = -LIMIT + (j - 1) * h;
      value += h / 6 * (density(x0) + 4 * density(x0 + h / 2) + density(x0 + h));
      t[j] = Math.min(1, value);
    }
    return t;
  }

  private static double density(double x) {
    return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
  }

  /** Φ(z). */
  static double cdf(double z) {
    double u = (z + LIMIT) * PER_UNIT;
    if (!(u > 0)) {
      return 0; // also NaN
    }
    if (u >= PHI.length - 1) {
      return 1;
    }
    int j = (int) u;
    double f = u - j;
    return PHI[j] + f * (PHI[j + 1] - PHI[j]);
  }

  /** Φ((x − mean)/deviation); a deviation of 0 is a step at the mean. */
  static double cdf(double x, double mean, double deviation) {
    return deviation > 0 ? cdf((x - mean) / deviation) : x >= mean ? 1 : 0;
  }
}
