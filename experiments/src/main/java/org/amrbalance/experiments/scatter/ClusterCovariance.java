package org.amrbalance.experiments.scatter;

import java.util.ArrayList;
import java.util.List;

/**
 * The covariance phi(k, n) = Cov[c_i(n), c_{i+k}(n)] of the work of two clusters k apart when [0, 1] is cut
 * into n clusters (seed 004 Eq. 2), by Gauss-Legendre quadrature of the triangular lag weight (spec §9.2):
 * with h = 1/n, phi(0, n) = 2 int_0^h (h - u) Cov(u) du and, for k >= 1,
 * phi(k, n) = int_{(k-1)h}^{(k+1)h} (h - |u - kh|) Cov(u) du. Segments split at kh and at the covariance's
 * kinks, so the rule (exact for polynomials up to degree 15) is exact for the elbow and linear families;
 * smooth families are integrated piecewise over their {@link Covariance#smoothLength()}.
 */
public final class ClusterCovariance {
  private static final int POINTS = 8;
  private static final double[] NODES = new double[POINTS];
  private static final double[] WEIGHTS = new double[POINTS];

  static {
    // Gauss-Legendre nodes and weights by Newton's method on P_8, to full double precision.
    for (int i = 0; i < POINTS; i++) {
      double x = Math.cos(Math.PI * (i + 0.75) / (POINTS + 0.5));
      double derivative = 0;
      for (int iteration = 0; iteration < 100; iteration++) {
        double p0 = 1;
        double p1 = x;
        for (int k = 2; k <= POINTS; k++) {
          double p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
          p0 = p1;
          p1 = p2;
        }
        derivative = POINTS * (x * p1 - p0) / (x * x - 1);
        double step = p1 / derivative;
        x -= step;
        if (Math.abs(step) < 1e-16) {
          break;
        }
      }
      NODES[i] = x;
      WEIGHTS[i] = 2 / ((1 - x * x) * derivative * derivative);
    }
  }

  private ClusterCovariance() {}

  /** phi(k, n). */
  public static double phi(Covariance cov, int k, int n) {
    if (n < 1) {
      throw new IllegalArgumentException("n = " + n + ": must be >= 1");
    }
    if (k < 0 || k >= n) {
      throw new IllegalArgumentException("k = " + k + ": must be in [0, " + n + ")");
    }
    double h = 1.0 / n;
    if (k == 0) {
      return 2 * integrate(cov, 0, h, 0, h);
    }
    double centre = k * h;
    return integrate(cov, centre - h, centre, centre, h) + integrate(cov, centre, centre + h, centre, h);
  }

  /** phi(0..n-1, n): the first row of the clusters' Toeplitz covariance matrix. */
  public static double[] phis(Covariance cov, int n) {
    double[] out = new double[n];
    for (int k = 0; k < n; k++) {
      out[k] = phi(cov, k, n);
    }
    return out;
  }

  /** int_a^b (h - |u - centre|) Cov(u) du, split at the covariance's kinks. */
  private static double integrate(Covariance cov, double a, double b, double centre, double h) {
    List<Double> cuts = new ArrayList<>();
    cuts.add(a);
    for (double kink : cov.kinks()) {
      if (kink > a && kink < b) {
        cuts.add(kink);
      }
    }
    cuts.add(b);
    double sum = 0;
    for (int s = 0; s + 1 < cuts.size(); s++) {
      double from = cuts.get(s);
      double to = cuts.get(s + 1);
      int pieces = (int) Math.min(4096, Math.max(1, Math.ceil((to - from) / cov.smoothLength())));
      for (int q = 0; q < pieces; q++) {
        double lo = from + (to - from) * q / pieces;
        double hi = from + (to - from) * (q + 1) / pieces;
        double half = (hi - lo) / 2;
        double mid = (hi + lo) / 2;
        for (int i = 0; i < NODES.length; i++) {
          double u = mid + half * NODES[i];
          sum += WEIGHTS[i] * half * (h - Math.abs(u - centre)) * cov.at(u);
        }
      }
    }
    return sum;
  }
}
