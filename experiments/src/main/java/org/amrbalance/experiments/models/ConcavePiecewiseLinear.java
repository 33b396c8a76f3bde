package org.amrbalance.experiments.models;

import java.util.Arrays;
import org.amrbalance.spi.internal.Checks;

/**
 * A continuous piecewise-linear function on [0, 1] given by its knots (x strictly ascending from 0 to 1) and values;
 * concave where it holds a value function of seed 001 (spec §8, Lemma 3).
 */
final class ConcavePiecewiseLinear {
  final double[] xs;
  final double[] ys;

  private ConcavePiecewiseLinear(double[] xs, double[] ys) {
    this.xs = xs;
    this.ys = ys;
  }

  /** Knots {@code xs} strictly ascending from 0 to 1 and their values (both arrays are kept, not copied). */
  static ConcavePiecewiseLinear of(double[] xs, double[] ys) {
    Checks.check(xs.length >= 2 && xs.length == ys.length, "xs", xs.length,
        "must hold at least 2 knots, as many as ys (" + ys.length + ")");
    Checks.check(xs[0] == 0 && xs[xs.length - 1] == 1, "xs", xs[0] + ".." + xs[xs.length - 1],
        "must run from 0 to 1");
    for (int i = 1; i < xs.length; i++) {
      Checks.check(xs[i] > xs[i - 1], "xs[" + i + "]", xs[i], "must exceed xs[" + (i - 1) + "] = " + xs[i - 1]);
    }
    return new ConcavePiecewiseLinear(xs, ys);
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
    return chord(hi - 1, hi, x);
  }

  /** This function with knots removed and the largest change that made, at any x. */
  record Simplified(ConcavePiecewiseLinear function, double maxChange) {}

  /**
   * Removes every knot it can while the chord over the removed ones stays within {@code tolerance} of this function
   * (greedily, left to right), and measures the change exactly: both functions are linear between this one's knots,
   * so the largest change is at a removed knot. For a concave function the chord lies below, so the result is a lower
   * bound that is at most {@code maxChange} below this function.
   */
  Simplified simplified(double tolerance) {
    Checks.finiteNonNegative("tolerance", tolerance);
    int n = xs.length;
    int[] kept = new int[n];
    int k = 0;
    kept[k++] = 0;
    double maxChange = 0;
    int a = 0;
    while (a < n - 1) {
      // The largest gap under chord (a, b) grows with b for a concave function, so extend b while it stays small.
      int b = a + 1;
      int step = 1;
      while (b + step < n && largestGap(a, b + step) <= tolerance) {
        b += step;
        step *= 2;
      }
      for (step /= 2; step >= 1; step /= 2) {
        if (b + step < n && largestGap(a, b + step) <= tolerance) {
          b += step;
        }
      }
      for (int i = a + 1; i < b; i++) {
        maxChange = Math.max(maxChange, Math.abs(ys[i] - chord(a, b, xs[i])));
      }
      kept[k++] = b;
      a = b;
    }
    if (k == n) {
      return new Simplified(this, 0);
    }
    double[] nx = new double[k];
    double[] ny = new double[k];
    for (int i = 0; i < k; i++) {
      nx[i] = xs[kept[i]];
      ny[i] = ys[kept[i]];
    }
    return new Simplified(new ConcavePiecewiseLinear(nx, ny), maxChange);
  }

  // The value at x of the line through knots a and b.
  private double chord(int a, int b, double x) {
    return ys[a] + (ys[b] - ys[a]) * ((x - xs[a]) / (xs[b] - xs[a]));
  }

  // max over a < i < b of ys[i] − chord(a, b); by concavity the gap rises while the segment slope exceeds the
  // chord's, so the largest is found by bisection on the slopes (rounding may move it a knot: simplified() measures).
  private double largestGap(int a, int b) {
    if (b - a < 2) {
      return 0;
    }
    double s = (ys[b] - ys[a]) / (xs[b] - xs[a]);
    int lo = a + 1;
    int hi = b - 1; // the first knot i in [a+1, b−1] whose next segment is no steeper than the chord
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if ((ys[mid + 1] - ys[mid]) / (xs[mid + 1] - xs[mid]) > s) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    double gap = ys[lo] - chord(a, b, xs[lo]);
    if (lo > a + 1) {
      gap = Math.max(gap, ys[lo - 1] - chord(a, b, xs[lo - 1]));
    }
    return gap;
  }
}
