package org.amrbalance.triggers.loads;

/**
 * min ‖Ax − b‖ over x ≥ 0 for a few unknowns, by trying every set of free unknowns (2^n − 1 small systems): the four
 * moment equations of {@link LoadModelFit} are exactly determined, and noise makes their plain solution negative.
 * Rows and columns are scaled to unit norm first, as the equations' magnitudes differ by powers of the interval length.
 */
final class NonNegativeLeastSquares {
  private NonNegativeLeastSquares() {}

  static double[] solve(double[][] a, double[] b) {
    int rows = b.length;
    int cols = a[0].length;
    double[][] m = new double[rows][cols];
    double[] y = new double[rows];
    for (int e = 0; e < rows; e++) {
      double norm = 0;
      for (int p = 0; p < cols; p++) {
        norm += a[e][p] * a[e][p];
      }
      norm = norm > 0 ? Math.sqrt(norm) : 1;
      for (int p = 0; p < cols; p++) {
        m[e][p] = a[e][p] / norm;
      }
      y[e] = b[e] / norm;
    }
    double[] columnNorm = new double[cols];
    for (int p = 0; p < cols; p++) {
      double s = 0;
      for (int e = 0; e < rows; e++) {
        s += m[e][p] * m[e][p];
      }
      columnNorm[p] = s > 0 ? Math.sqrt(s) : 1;
      for (int e = 0; e < rows; e++) {
        m[e][p] /= columnNorm[p];
      }
    }
    double bestResidual = Double.POSITIVE_INFINITY;
    double[] best = new double[cols];
    for (int mask = 1; mask < (1 << cols); mask++) {
      int[] free = new int[Integer.bitCount(mask)];
      for (int p = 0, f = 0; p < cols; p++) {
        if ((mask >> p & 1) != 0) {
          free[f++] = p;
        }
      }
      double[] x = normalEquations(m, y, free);
      if (x == null) {
        continue;
      }
      boolean feasible = true;
      for (double v : x) {
        feasible &= v >= 0;
      }
      if (!feasible) {
        continue;
      }
      double residual = 0;
      for (int e = 0; e < rows; e++) {
        double r = y[e];
        for (int i = 0; i < free.length; i++) {
          r -= m[e][free[i]] * x[i];
        }
        residual += r * r;
      }
      if (residual < bestResidual - 1e-15) {
        bestResidual = residual;
        best = new double[cols];
        for (int i = 0; i < free.length; i++) {
          best[free[i]] = x[i] / columnNorm[free[i]];
        }
      }
    }
    return best;
  }

  /** Least squares on the free columns by Gaussian elimination with partial pivoting; null if singular. */
  private static double[] normalEquations(double[][] m, double[] y, int[] free) {
    int n = free.length;
    double[][] g = new double[n][n + 1];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        for (double[] row : m) {
          g[i][j] += row[free[i]] * row[free[j]];
        }
      }
      for (int e = 0; e < y.length; e++) {
        g[i][n] += m[e][free[i]] * y[e];
      }
    }
    for (int c = 0; c < n; c++) {
      int pivot = c;
      for (int r = c + 1; r < n; r++) {
        if (Math.abs(g[r][c]) > Math.abs(g[pivot][c])) {
          pivot = r;
        }
      }
      if (Math.abs(g[pivot][c]) < 1e-14) {
        return null;
      }
      double[] t = g[c];
      g[c] = g[pivot];
      g[pivot] = t;
      for (int r = 0; r < n; r++) {
        if (r != c) {
          double f = g[r][c] / g[c][c];
          for (int j = c; j <= n; j++) {
            g[r][j] -= f * g[c][j];
          }
        }
      }
    }
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = g[i][n] / g[i][i];
    }
    return x;
  }
}
