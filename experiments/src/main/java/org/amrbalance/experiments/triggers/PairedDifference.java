package org.amrbalance.experiments.triggers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.amrbalance.experiments.plot.Json;

/**
 * A difference of utilizations between two policies run on the same loads, with a 95% confidence interval
 * {@code estimate ± halfWidth} from {@code n} paired samples (replicate runs, or batch means over blocks of one
 * trace): Student's t with n − 1 degrees of freedom on the samples' spread. NaN half-width when n < 2.
 */
record PairedDifference(double estimate, double halfWidth, int n) {
  /** Differences of 1e-12 or less are reported as 0: they are rounding, not a difference of policies. */
  static final double NOISE = 1e-12;

  /** From paired samples {@code a[i] − b[i]}, the estimate being their mean. */
  static PairedDifference ofSamples(double[] a, double[] b) {
    double[] d = new double[a.length];
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i] - b[i];
      sum += d[i];
    }
    return withSpreadOf(sum / d.length, d);
  }

  /** {@code estimate} with the half-width that the spread of the paired samples {@code d} gives. */
  static PairedDifference withSpreadOf(double estimate, double[] d) {
    int n = d.length;
    if (n < 2) {
      return new PairedDifference(clean(estimate), Double.NaN, n);
    }
    double mean = 0;
    for (double x : d) {
      mean += x / n;
    }
    double ss = 0;
    for (double x : d) {
      ss += (x - mean) * (x - mean);
    }
    return new PairedDifference(clean(estimate), clean(t975(n - 1) * Math.sqrt(ss / (n - 1) / n)), n);
  }

  double low() {
    return estimate - halfWidth;
  }

  double high() {
    return estimate + halfWidth;
  }

  /** The estimate and the interval to six decimals; null bounds when there are too few samples for one. */
  ObjectNode toJson() {
    return Json.object().put("difference", Json.fixed(estimate, 6)).put("low", Json.fixed(low(), 6))
        .put("high", Json.fixed(high(), 6)).put("samples", n);
  }

  /** {@code +0.0123 [-0.0010, +0.0256]}. */
  String toText() {
    return Double.isNaN(halfWidth) ? String.format(Locale.ROOT, "%+.4f", estimate)
        : String.format(Locale.ROOT, "%+.4f [%+.4f, %+.4f]", estimate, clean(low()), clean(high()));
  }

  static double clean(double v) {
    return Math.abs(v) <= NOISE ? 0 : v;
  }

  /** The 0.975 quantile of Student's t with {@code df} degrees of freedom, by bisection on its distribution. */
  static double t975(int df) {
    double lo = 0;
    double hi = 1;
    while (tCdf(hi, df) < 0.975) {
      hi *= 2;
    }
    for (int i = 0; i < 100; i++) {
      double mid = (lo + hi) / 2;
      if (tCdf(mid, df) < 0.975) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /**
   * P(T ≤ t) for t ≥ 0 and integer df ≥ 1, by the finite series in θ = atan(t/√df) (Abramowitz and Stegun
   * 26.7.3 and 26.7.4); past 1000 degrees of freedom the normal distribution, which differs by less than 1e-5.
   */
  static double tCdf(double t, int df) {
    if (df > 1000) {
      return 0.5 * (1 + erf(t / Math.sqrt(2)));
    }
    double theta = Math.atan(t / Math.sqrt(df));
    double c2 = Math.cos(theta) * Math.cos(theta);
    double s = Math.sin(theta);
    if (df % 2 == 1) {
      double term = 1;
      double sum = df > 1 ? 1 : 0;
      for (int k = 3; k <= df - 2; k += 2) {
        term *= c2 * (k - 1) / k;
        sum += term;
      }
      return 0.5 + (theta + (df > 1 ? s * Math.cos(theta) * sum : 0)) / Math.PI;
    }
    double term = 1;
    double sum = 1;
    for (int k = 2; k <= df - 2; k += 2) {
      term *= c2 * (k - 1) / k;
      sum += term;
    }
    return 0.5 + 0.5 * s * sum;
  }

  /** The error function (Abramowitz and Stegun 7.1.26, absolute error below 1.5e-7). */
  private static double erf(double x) {
    double t = 1 / (1 + 0.3275911 * Math.abs(x));
    double y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
        * Math.exp(-x * x);
    return x >= 0 ? y : -y;
  }
}
