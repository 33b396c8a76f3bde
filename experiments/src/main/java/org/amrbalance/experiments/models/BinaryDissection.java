package org.amrbalance.experiments.models;

import org.amrbalance.spi.internal.Checks;

/**
 * Binary dissection of a weight matrix into 2^levels rectangles (seed 000 Appendix C, after Berger and Bokhari, with
 * the spec §7.3 correction): the first level cuts columns, the next rows, alternating; each cut goes between k and
 * k+1 where k minimizes |CL(k) − CR(k+1)| inside the rectangle, the leftmost (topmost) such k on ties (spec §7.3,
 * "choose and document"). Every rectangle keeps at least one row and one column while it can.
 */
public final class BinaryDissection {
  private BinaryDissection() {}

  /**
   * Region index (0..2^levels − 1) of every cell of {@code weights[row][col]}, written to {@code region[row][col]}.
   */
  public static void partition(double[][] weights, int levels, int[][] region) {
    Checks.check(weights.length >= 1 && weights[0].length >= 1, "weights", weights.length, "must be non-empty");
    Checks.check(levels >= 0 && levels <= 20, "levels", levels, "must be in [0, 20]");
    split(weights, 0, weights.length - 1, 0, weights[0].length - 1, levels, true, 0, region);
  }

  private static void split(double[][] w, int r0, int r1, int c0, int c1, int levels, boolean byColumns, int id,
      int[][] region) {
    if (levels == 0) {
      for (int r = r0; r <= r1; r++) {
        for (int c = c0; c <= c1; c++) {
          region[r][c] = id;
        }
      }
      return;
    }
    boolean columns = byColumns;
    if (columns && c1 == c0 && r1 > r0) {
      columns = false; // a single column cannot be cut again: cut rows instead
    } else if (!columns && r1 == r0 && c1 > c0) {
      columns = true;
    }
    int lo = columns ? c0 : r0;
    int hi = columns ? c1 : r1;
    if (lo == hi) {
      // One cell left: the second half is empty; give both ids' work to the first (region id·2 + 1 stays unused).
      split(w, r0, r1, c0, c1, levels - 1, !byColumns, id * 2, region);
      return;
    }
    double[] line = new double[hi - lo + 1];
    double total = 0;
    for (int r = r0; r <= r1; r++) {
      for (int c = c0; c <= c1; c++) {
        line[(columns ? c : r) - lo] += w[r][c];
        total += w[r][c];
      }
    }
    int best = lo;
    double bestDiff = Double.MAX_VALUE;
    double left = 0;
    for (int k = lo; k < hi; k++) {
      left += line[k - lo];
      double diff = Math.abs(left - (total - left));
      if (diff < bestDiff) {
        bestDiff = diff;
        best = k;
      }
    }
    if (columns) {
      split(w, r0, r1, c0, best, levels - 1, !byColumns, id * 2, region);
      split(w, r0, r1, best + 1, c1, levels - 1, !byColumns, id * 2 + 1, region);
    } else {
      split(w, r0, best, c0, c1, levels - 1, !byColumns, id * 2, region);
      split(w, best + 1, r1, c0, c1, levels - 1, !byColumns, id * 2 + 1, region);
    }
  }
}
