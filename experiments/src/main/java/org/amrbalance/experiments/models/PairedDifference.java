package org.amrbalance.experiments.models;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * The mean of paired differences a_i − b_i over replicates and its 95% confidence interval (Student t with n − 1
 * degrees of freedom); both runs of a pair replay the same path and noise, so the interval is that of the
 * difference, not of either run.
 */
@Immutable
public final class PairedDifference {
  private final double mean;
  private final double halfWidth;
  private final int count;

  private PairedDifference(double mean, double halfWidth, int count) {
    this.mean = mean;
    this.halfWidth = halfWidth;
    this.count = count;
  }

  /** Of {@code a[i] − b[i]}; at least two pairs, arrays of the same length. */
  public static PairedDifference of(double[] a, double[] b) {
    Checks.check(a.length == b.length, "b.length", b.length, "must equal a.length = " + a.length);
    Checks.check(a.length >= 2, "a.length", a.length, "needs at least 2 pairs");
    int n = a.length;
    double m = 0;
    for (int i = 0; i < n; i++) {
      Checks.finite("a[" + i + "]", a[i]);
      Checks.finite("b[" + i + "]", b[i]);
      m += (a[i] - b[i]) / n;
    }
    double ss = 0;
    for (int i = 0; i < n; i++) {
      double d = a[i] - b[i] - m;
      ss += d * d;
    }
    double se = Math.sqrt(ss / (n - 1) / n);
    return new PairedDifference(m, studentT975(n - 1) * se, n);
  }

  /** The 0.975 quantile of Student's t with {@code df} ≥ 1 degrees of freedom (table to 30, then a series). */
  static double studentT975(int df) {
    Checks.check(df >= 1, "df", df, "must be >= 1");
    double[] table = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042};
    if (df <= table.length) {
      return table[df - 1];
    }
    double z = 1.959964;
    // Cornish–Fisher expansion of t in powers of 1/df, accurate to 1e-3 beyond 30 degrees of freedom.
    return z + (z * z * z + z) / (4.0 * df) + (5 * Math.pow(z, 5) + 16 * z * z * z + 3 * z) / (96.0 * df * df);
  }

  public double mean() {
    return mean;
  }

  /** Half the width of the 95% interval. */
  public double halfWidth() {
    return halfWidth;
  }

  public double low() {
    return mean - halfWidth;
  }

  public double high() {
    return mean + halfWidth;
  }

  public int count() {
    return count;
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT, "%+.4f [%+.4f, %+.4f]", mean, low(), high());
  }
}
