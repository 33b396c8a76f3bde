package org.amrbalance.experiments.models;

import java.util.Arrays;

/** A continuous piecewise-linear function on [0, 1] given by its knots (x ascending from 0 to 1) and values. */
final class ConcavePiecewiseLinear {
  final double[] xs;
  final double[] ys;

  ConcavePiecewiseLinear(double[] xs, double[] ys) {
    this.xs = xs;
    this.ys = ys;
  }

  static ConcavePiecewiseLinear zero() {
    return new ConcavePiecewiseLinear(new double[] {0, 1}, new double[] {0, 0});
  }

  int segments() {
    return xs.length - 1;
  }

  double at(double x) {
    if (x <= 0) {
      return ys[0];
    }
    if (x >= 1) {
      return ys[ys.length - 1];
    }
    int i = Arrays.binarySearch(xs, x);
    if (i >= 0) {
      return ys[i];
    }
    int hi = -i - 1;
    int lo = hi - 1;
    double t = (x - xs[lo]) / (xs[hi] - xs[lo]);
    return ys[lo] + t * (ys[hi] - ys[lo]);
  }

  /** Drops knots where the slope does not change (relative tolerance), keeping both ends. */
  ConcavePiecewiseLinear pruned(double tolerance) {
    int n = xs.length;
    double[] nx = new double[n];
    double[] ny = new double[n];
    int k = 0;
    nx[k] = xs[0];
    ny[k++] = ys[0];
    for (int i = 1; i < n - 1; i++) {
      if (xs[i] - nx[k - 1] <= 1e-15) {
        continue;
      }
      double s1 = (ys[i] - ny[k - 1]) / (xs[i] - nx[k - 1]);
      double s2 = (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]);
      double scale = Math.max(1, Math.max(Math.abs(s1), Math.abs(s2)));
      if (Math.abs(s1 - s2) > tolerance * scale) {
        nx[k] = xs[i];
        ny[k++] = ys[i];
      }
    }
    if (nx[k - 1] >= xs[n - 1]) {
      k--;
    }
    nx[k] = xs[n - 1];
    ny[k++] = ys[n - 1];
    return new ConcavePiecewiseLinear(Arrays.copyOf(nx, k), Arrays.copyOf(ny, k));
  }

  /**
   * Seed 001 §VIII's segment limit: keep the {@code max − 1} segments closest to 1 and replace the rest by one
   * segment from 0 to the leftmost kept knot.
   */
  ConcavePiecewiseLinear limited(int max) {
    if (segments() <= max) {
      return this;
    }
    int keepFrom = xs.length - max; // knots keepFrom..end give max − 1 segments
    double[] nx = new double[max + 1];
    double[] ny = new double[max + 1];
    nx[0] = 0;
    ny[0] = ys[0];
    System.arraycopy(xs, keepFrom, nx, 1, max);
    System.arraycopy(ys, keepFrom, ny, 1, max);
    return new ConcavePiecewiseLinear(nx, ny);
  }
}
