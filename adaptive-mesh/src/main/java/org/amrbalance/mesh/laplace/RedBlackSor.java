package org.amrbalance.mesh.laplace;

import org.amrbalance.mesh.grid.DirichletBoundary;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.spi.Box;

/**
 * One colour of a red–black SOR sweep of the 5-point discretization of {@code Δu = f} on one block, with
 * {@code h²f} given per valid cell. Colour is the parity of
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
   * Updates the cells of colour {@code colour}; returns the largest Gauss–Seidel correction (before
   * over-relaxation), a residual in units of u. {@code h2f} holds {@code h²f} per valid cell (axis 0 fastest).
   */
  static double sweep(GridData u, Box dom, double h, DirichletBoundary g, double[] h2f, int colour, double omega) {
    return sweep(u, u.box(), dom, h, g, h2f, colour, omega);
  }

  /**
   * As {@link #sweep(GridData, Box, double, DirichletBoundary, double[], int, double)}, for the cells of
   * {@code cells} (inside the valid cells) only: each cell is updated as by a sweep of the whole block.
   */
  static double sweep(GridData u, Box cells, Box dom, double h, DirichletBoundary g, double[] h2f, int colour,
      double omega) {
    return sweep(u, cells, dom, h, g, h2f, u.box(), colour, omega);
  }

  /**
   * As above, for {@code cells} anywhere in the grown box of {@code u} whose neighbours are filled, with the right
   * side {@code h2f} laid out over {@code rhsBox} (which holds {@code cells}): a ghost cell updated so is updated as
   * the sibling that owns it updates it.
   */
  static double sweep(GridData u, Box cells, Box dom, double h, DirichletBoundary g, double[] h2f, Box rhsBox,
      int colour, double omega) {
    Box b = rhsBox;
    double[] v = u.raw();
    int s = u.rowStride();
    int nx = b.length(0);
    double max = 0;
    for (int j = cells.lo(1); j <= cells.hi(1); j++) {
      int i0 = cells.lo(0) + Math.floorMod(colour - j - cells.lo(0), 2);
      double y = (j + 0.5) * h;
      for (int i = i0; i <= cells.hi(0); i += 2) {
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
        double r = (sum - h2f[(i - b.lo(0)) + (j - b.lo(1)) * nx]) / diag - v[k];
        v[k] += omega * r;
        max = Math.max(max, Math.abs(r));
      }
    }
    return max;
  }

  /**
   * {@code h²(Δu)} at every valid cell of {@code u} where {@code mask} is set (0 elsewhere), the Dirichlet
   * data folded in as in {@link #sweep}; ghost cells must be filled.
   */
  static double[] h2Laplacian(GridData u, Box dom, double h, DirichletBoundary g, boolean[] mask) {
    Box b = u.box();
    double[] out = new double[mask.length];
    int nx = b.length(0);
    for (int j = b.lo(1); j <= b.hi(1); j++) {
      for (int i = b.lo(0); i <= b.hi(0); i++) {
        int m = (i - b.lo(0)) + (j - b.lo(1)) * nx;
        if (!mask[m]) {
          continue;
        }
        double c = u.get(i, j);
        double sum = 0;
        double diag = 4;
        if (i > dom.lo(0)) {
          sum += u.get(i - 1, j);
        } else {
          sum += 2 * g.value(dom.lo(0) * h, (j + 0.5) * h);
          diag += 1;
        }
        if (i < dom.hi(0)) {
          sum += u.get(i + 1, j);
        } else {
          sum += 2 * g.value((dom.hi(0) + 1) * h, (j + 0.5) * h);
          diag += 1;
        }
        if (j > dom.lo(1)) {
          sum += u.get(i, j - 1);
        } else {
          sum += 2 * g.value((i + 0.5) * h, dom.lo(1) * h);
          diag += 1;
        }
        if (j < dom.hi(1)) {
          sum += u.get(i, j + 1);
        } else {
          sum += 2 * g.value((i + 0.5) * h, (dom.hi(1) + 1) * h);
          diag += 1;
        }
        out[m] = sum - diag * c;
      }
    }
    return out;
  }
}
