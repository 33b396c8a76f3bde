package org.amrbalance.mesh.laplace;

import org.amrbalance.mesh.grid.DirichletBoundary;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.spi.Box;

/**
 * One colour of a red–black SOR sweep of the 5-point Laplacian on one block. Colour is the parity of
 * {@code i + j} in the level's global index, so the result of a sweep does not depend on how the level is cut
 * into blocks (cells of one colour only read cells of the other). At the physical boundary the Dirichlet
 * value enters the stencil itself (ghost {@code 2g - u}, folded into the diagonal), so SOR stays convergent
 * for every {@code 0 < ω < 2}.
 */
final class RedBlackSor {
  private RedBlackSor() {}

  /** The SOR factor that is optimal for the model problem on a grid {@code n} cells across. */
  static double optimalOmega(int n) {
    return 2 / (1 + Math.sin(Math.PI / (n + 1)));
  }

  /**
   * Updates the cells of colour {@code colour} that are not {@code frozen}; returns the largest Gauss–Seidel
   * correction (before over-relaxation), a residual in units of u.
   */
  static double sweep(GridData u, Box dom, double h, DirichletBoundary g, boolean[] frozen, int colour, double omega) {
    Box b = u.box();
    double[] v = u.raw();
    int s = u.rowStride();
    int nx = b.length(0);
    double max = 0;
    for (int j = b.lo(1); j <= b.hi(1); j++) {
      int i0 = b.lo(0) + Math.floorMod(colour - j - b.lo(0), 2);
      double y = (j + 0.5) * h;
      for (int i = i0; i <= b.hi(0); i += 2) {
        if (frozen[(i - b.lo(0)) + (j - b.lo(1)) * nx]) {
          continue;
        }
        int k = u.index(i, j);
        double sum = 0;
        double diag = 4;
        if (i > dom.lo(0)) {
          sum += v[k - 1];
        } else {
          sum += 2 * g.value(dom.lo(0) * h, y);
          diag += 1;
        }
        if (i < dom.hi(0)) {
          sum += v[k + 1];
        } else {
          sum += 2 * g.value((dom.hi(0) + 1) * h, y);
          diag += 1;
        }
        if (j > dom.lo(1)) {
          sum += v[k - s];
        } else {
          sum += 2 * g.value((i + 0.5) * h, dom.lo(1) * h);
          diag += 1;
        }
        if (j < dom.hi(1)) {
          sum += v[k + s];
        } else {
          sum += 2 * g.value((i + 0.5) * h, (dom.hi(1) + 1) * h);
          diag += 1;
        }
        double r = sum / diag - v[k];
        v[k] += omega * r;
        max = Math.max(max, Math.abs(r));
      }
    }
    return max;
  }
}
