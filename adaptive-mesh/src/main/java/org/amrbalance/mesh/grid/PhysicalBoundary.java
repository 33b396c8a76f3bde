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
    int nx = box.length(0);
    for (int j = box.lo(1); j <= box.hi(1); j++) {
      for (int i = box.lo(0); i <= box.hi(0); i++) {
        if (!dom.containsCell(i, j)) {
          int mi = mirror(i, dom.lo(0), dom.hi(0));
          int mj = mirror(j, dom.lo(1), dom.hi(1));
          double inside = box.containsCell(mi, mj) ? buf[(mi - box.lo(0)) + (mj - box.lo(1)) * nx] : Double.NaN;
          buf[(i - box.lo(0)) + (j - box.lo(1)) * nx] =
              2 * g.value(face(i, dom.lo(0), dom.hi(0), h), face(j, dom.lo(1), dom.hi(1), h)) - inside;
        }
      }
    }
  }

  /** Fills the ghost cells of {@code u} that lie outside {@code dom}, the index domain of a level of width h. */
  static void fill(GridData u, Box dom, double h, DirichletBoundary g) {
    Box grown = u.grownBox();
    if (dom.contains(grown)) {
      return;
    }
    for (int j = grown.lo(1); j <= grown.hi(1); j++) {
      for (int i = grown.lo(0); i <= grown.hi(0); i++) {
        if (!dom.containsCell(i, j)) {
          int mi = mirror(i, dom.lo(0), dom.hi(0));
          int mj = mirror(j, dom.lo(1), dom.hi(1));
          u.set(i, j, 2 * g.value(face(i, dom.lo(0), dom.hi(0), h), face(j, dom.lo(1), dom.hi(1), h)) - u.get(mi, mj));
        }
      }
    }
  }

  private static int mirror(int i, int lo, int hi) {
    return i < lo ? 2 * lo - 1 - i : i > hi ? 2 * hi + 1 - i : i;
  }

  /** Coordinate of the boundary point nearest to cell {@code i}'s centre along one axis. */
  private static double face(int i, int lo, int hi, double h) {
    return i < lo ? lo * h : i > hi ? (hi + 1) * h : (i + 0.5) * h;
  }
}
