package org.amrbalance.mesh.grid;

import org.amrbalance.spi.Box;

/**
 * Interpolation of cell-centred coarse values to fine cell centres (2-D, tensor product). A coarse cell
 * {@code I} has its centre at {@code I + 1/2} in coarse-cell units; a fine cell {@code i} at ratio r at
 * {@code (i + 1/2) / r}.
 */
public enum Interpolation {
  /** Bilinear between the four nearest coarse centres: exact for linear data, error O(H^2). */
  BILINEAR(2, 1),
  /** Lagrange on the 3×3 coarse cells around the containing one: exact for quadratics, error O(H^3). */
  BIQUADRATIC(3, 2);

  private final int order;
  private final int minNestingBuffer;

  Interpolation(int order, int minNestingBuffer) {
    this.order = order;
    this.minNestingBuffer = minNestingBuffer;
  }

  /** Order of accuracy of the interpolated values (error O(H^order) for smooth data). */
  public int order() {
    return order;
  }

  /**
   * Coarse cells a fine level must keep between its ghost cells and the edge of the coarse level, so that the
   * stencil never reaches a coarse cell that is itself a ghost.
   */
  public int minNestingBuffer() {
    return minNestingBuffer;
  }

  /** The coarse cells the interpolation of the fine cells {@code fine} reads, at ratio {@code r}. */
  public Box stencil(Box fine, int r) {
    int[] lo = new int[2];
    int[] hi = new int[2];
    for (int d = 0; d < 2; d++) {
      if (this == BILINEAR) {
        lo[d] = lowerCentre(fine.lo(d), r);
        hi[d] = lowerCentre(fine.hi(d), r) + 1;
      } else {
        lo[d] = Math.floorDiv(fine.lo(d), r) - 1;
        hi[d] = Math.floorDiv(fine.hi(d), r) + 1;
      }
    }
    return Box.of(lo, hi);
  }

  /** Index of the coarse centre at or just below the centre of fine cell {@code i}. */
  private static int lowerCentre(int i, int r) {
    // floor((i + 1/2) / r - 1/2) = floor((2i + 1 - r) / (2r))
    return Math.floorDiv(2 * i + 1 - r, 2 * r);
  }

  /**
   * Fills the fine cells {@code target} of {@code fine} from the coarse values {@code window} over
   * {@code windowBox} (as {@link GridData#read} orders them), which must contain {@link #stencil}.
   */
  public void apply(double[] window, Box windowBox, int r, GridData fine, Box target) {
    int nx = windowBox.length(0);
    int wx = windowBox.lo(0);
    int wy = windowBox.lo(1);
    for (int j = target.lo(1); j <= target.hi(1); j++) {
      for (int i = target.lo(0); i <= target.hi(0); i++) {
        double v;
        if (this == BILINEAR) {
          int ci = lowerCentre(i, r);
          int cj = lowerCentre(j, r);
          double tx = (i + 0.5) / r - 0.5 - ci;
          double ty = (j + 0.5) / r - 0.5 - cj;
          int k = (ci - wx) + (cj - wy) * nx;
          v = (1 - ty) * ((1 - tx) * window[k] + tx * window[k + 1])
              + ty * ((1 - tx) * window[k + nx] + tx * window[k + nx + 1]);
        } else {
          int ci = Math.floorDiv(i, r);
          int cj = Math.floorDiv(j, r);
          double sx = (i + 0.5) / r - (ci + 0.5);
          double sy = (j + 0.5) / r - (cj + 0.5);
          double[] ax = {sx * (sx - 1) / 2, 1 - sx * sx, sx * (sx + 1) / 2};
          double[] ay = {sy * (sy - 1) / 2, 1 - sy * sy, sy * (sy + 1) / 2};
          v = 0;
          for (int b = 0; b < 3; b++) {
            int row = (ci - 1 - wx) + (cj - 1 + b - wy) * nx;
            v += ay[b] * (ax[0] * window[row] + ax[1] * window[row + 1] + ax[2] * window[row + 2]);
          }
        }
        fine.set(i, j, v);
      }
    }
  }
}
