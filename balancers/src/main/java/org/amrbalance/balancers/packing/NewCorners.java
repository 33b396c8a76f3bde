package org.amrbalance.balancers.packing;

/**
 * FindNewCornerSize (spec section 6.2) as four minima over the packed grids' left and bottom edges, so that
 * the parallel packer can compute them as a FindMin over ranks. The minima are coordinates; {@link #sizes}
 * turns them into sizes (the parallel correction of spec section 10).
 */
final class NewCorners {
  private NewCorners() {}

  /** Index of each minimum in the array returned by {@link #minima}. */
  static final int SE_X = 0;
  static final int SE_Y = 1;
  static final int NW_X = 2;
  static final int NW_Y = 3;

  /** Fresh minima: every ray unblocked. */
  static long[] unblocked() {
    return new long[] {Corner.INFINITE, Corner.INFINITE, Corner.INFINITE, Corner.INFINITE};
  }

  /**
   * Folds one packed grid r into the minima for a new grid at (gx, gy) of oriented size gw x gh: the SE
   * corner (gx + gw, gy) and the NW corner (gx, gy + gh).
   */
  static void fold(long[] min, Placement r, long gx, long gy, long gw, long gh) {
    fold(min, r.x(), r.y(), r.right(), r.top(), gx, gy, gw, gh);
  }

  /** {@link #fold(long[], Placement, long, long, long, long)} for a grid [rx, rr) x [ry, rt). */
  static void fold(long[] min, long rx, long ry, long rr, long rt, long gx, long gy, long gw, long gh) {
    long sx = gx + gw;
    long ny = gy + gh;
    // SE corner: the nearest left edge on its horizontal ray, the nearest bottom edge on its vertical ray.
    if (ry <= gy && gy < rt && rx >= sx && rx < min[SE_X]) {
      min[SE_X] = rx;
    }
    if (rx <= sx && sx < rr && ry >= gy && ry < min[SE_Y]) {
      min[SE_Y] = ry;
    }
    // NW corner.
    if (ry <= ny && ny < rt && rx >= gx && rx < min[NW_X]) {
      min[NW_X] = rx;
    }
    if (rx <= gx && gx < rr && ry >= ny && ry < min[NW_Y]) {
      min[NW_Y] = ry;
    }
  }

  /** Element-wise minimum, for combining the ranks' partial minima. */
  static void combine(long[] into, long[] other) {
    for (int i = 0; i < into.length; i++) {
      into[i] = Math.min(into[i], other[i]);
    }
  }

  /** The sizes {pSE, qSE, pNW, qNW} of the two new corners from the coordinate minima. */
  static long[] sizes(long[] min, long gx, long gy, long gw, long gh) {
    return new long[] {
        size(min[SE_X], gx + gw), size(min[SE_Y], gy), size(min[NW_X], gx), size(min[NW_Y], gy + gh)};
  }

  private static long size(long coordinate, long origin) {
    return coordinate == Corner.INFINITE ? Corner.INFINITE : coordinate - origin;
  }
}
