package org.amrbalance.mesh.grid;

import org.amrbalance.spi.Box;

/**
 * Ghost cells outside the domain: a cell there holds {@code 2 g(p) - u(mirror)}, p the nearest boundary point and
 * mirror the cell reflected into the domain (linear extrapolation: second order).
 */
final class PhysicalBoundary {
  private PhysicalBoundary() {}

  /** Sets the cells of a window outside the domain by the boundary rule (mirrors lie in the window). */
  static void extend(double[] buf, Box box, Box dom, double h, DirichletBoundary g) {
    if (dom.contains(box)) {
      return;
    }
    for (int j = box.lo(1); j <= box.hi(1); j++) {
      if (j < dom.lo(1) || j > dom.hi(1)) {
        extendRow(buf, box, j, box.lo(0), box.hi(0), dom, h, g);
      } else {
        // A row inside the domain has cells outside it only at its ends: testing every cell of a large block's row
        // was 2% of a demo step. Mirrors lie inside the domain, so the order changes nothing.
        extendRow(buf, box, j, box.lo(0), Math.min(box.hi(0), dom.lo(0) - 1), dom, h, g);
        extendRow(buf, box, j, Math.max(box.lo(0), dom.hi(0) + 1), box.hi(0), dom, h, g);
      }
    }
  }

  /** Cells i0..i1 of row j of the window, all outside {@code dom}. */
  private static void extendRow(double[] buf, Box box, int j, int i0, int i1, Box dom, double h, DirichletBoundary g) {
    int nx = box.length(0);
    int mj = mirror(j, dom.lo(1), dom.hi(1));
    double y = face(j, dom.lo(1), dom.hi(1), h);
    for (int i = i0; i <= i1; i++) {
      int mi = mirror(i, dom.lo(0), dom.hi(0));
      double inside = box.containsCell(mi, mj) ? buf[(mi - box.lo(0)) + (mj - box.lo(1)) * nx] : Double.NaN;
      buf[(i - box.lo(0)) + (j - box.lo(1)) * nx] = 2 * g.value(face(i, dom.lo(0), dom.hi(0), h), y) - inside;
    }
  }

  /**
   * Fills the ghost cells of {@code u} that lie outside {@code dom}, the index domain of a level of width h. A block's
   * storage is a window over its grown box, and the mirror of each such ghost cell lies in that box.
   */
  static void fill(GridData u, Box dom, double h, DirichletBoundary g) {
    extend(u.raw(), u.grownBox(), dom, h, g);
  }

  private static int mirror(int i, int lo, int hi) {
    return i < lo ? 2 * lo - 1 - i : i > hi ? 2 * hi + 1 - i : i;
  }

  /** Coordinate of the boundary point nearest to cell {@code i}'s centre along one axis. */
  private static double face(int i, int lo, int hi, double h) {
    return i < lo ? lo * h : i > hi ? (hi + 1) * h : (i + 0.5) * h;
  }
}
