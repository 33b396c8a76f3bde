package org.amrbalance.balancers.packing;

import java.io.Serializable;

/**
 * A free corner of TP (spec section 6.1): position (x, y) and size (p, q), the free runs along the rays to
 * the right and upward ({@link #INFINITE} when nothing blocks them). {@code seq} is the creation number
 * (0 for the origin, 2i+1 and 2i+2 for the SE and NW corners of the i-th packed grid): the sequential list
 * keeps corners in creation order, so "first corner in list order" is "lowest seq", which the parallel
 * packer can compute with a FindMin. Mutable, owned by one packer.
 */
final class Corner implements Serializable {
  private static final long serialVersionUID = 1L;
  static final long INFINITE = Long.MAX_VALUE;

  final long x;
  final long y;
  long p;
  long q;
  final long seq;

  Corner(long x, long y, long p, long q, long seq) {
    this.x = x;
    this.y = y;
    this.p = p;
    this.q = q;
    this.seq = seq;
  }

  /** Whether a w x h rectangle fits at this corner: p >= w and q >= h (correction 1: non-strict). */
  boolean fits(long w, long h) {
    return p >= w && q >= h;
  }

  /**
   * UpdateCornerList for a grid just placed at [gx, gx + gw) x [gy, gy + gh), with the half-open tests of
   * spec section 6.2 (correction 5). Returns false if this corner is used up (p = 0 or q = 0).
   */
  boolean shrinkFor(long gx, long gy, long gw, long gh) {
    if (gy <= y && y - gy < gh && x <= gx && gx - x < p) {
      p = gx - x; // the grid blocks the horizontal ray
    }
    if (gx <= x && x - gx < gw && y <= gy && gy - y < q) {
      q = gy - y; // the grid blocks the vertical ray
    }
    return p > 0 && q > 0;
  }

  @Override
  public String toString() {
    return "Corner[(" + x + "," + y + ") " + (p == INFINITE ? "inf" : p) + "x" + (q == INFINITE ? "inf" : q)
        + " #" + seq + "]";
  }
}
