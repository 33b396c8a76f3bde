package org.amrbalance.balancers.packing;

import java.io.Serializable;
import javax.annotation.Nullable;

/**
 * The best corner and orientation found for one grid (FindBestCorner): the score max(W', R·H') of the box
 * after placing it there. Comparable by score, then corner creation order, so that the first corner in
 * list order wins ties in both the sequential and the parallel packer.
 */
final class CornerChoice implements Serializable, Comparable<CornerChoice> {
  private static final long serialVersionUID = 1L;

  final double score;
  final long seq;
  final long x;
  final long y;
  final boolean rotated;

  private CornerChoice(double score, long seq, long x, long y, boolean rotated) {
    this.score = score;
    this.seq = seq;
    this.x = x;
    this.y = y;
    this.rotated = rotated;
  }

  /**
   * The better orientation of item (w x h, w >= h after normalisation by the caller's choice of sides) at
   * corner c, or null if neither allowed orientation fits. Ties between orientations go to orientation 0
   * (spec section 6.3, correction 4: the rule of section 6.2).
   */
  @Nullable
  static CornerChoice at(Corner c, long w, long h, long width, long height, double ratio, OrientationRule rule) {
    boolean allow0 = true;
    boolean allow1 = true;
    if (rule == OrientationRule.DIAGONAL) {
      // Long side horizontal above the line y = x / R, vertical below it, either on it (section 8.1).
      double ry = ratio * c.y;
      boolean longSideIsW = w >= h;
      boolean horizontalOk = c.x <= ry;
      boolean verticalOk = c.x >= ry;
      allow0 = longSideIsW ? horizontalOk : verticalOk;
      allow1 = longSideIsW ? verticalOk : horizontalOk;
    }
    double m0 = Double.POSITIVE_INFINITY;
    double m1 = Double.POSITIVE_INFINITY;
    if (allow0 && c.fits(w, h)) {
      m0 = Math.max((double) Math.max(width, c.x + w), ratio * Math.max(height, c.y + h));
    }
    if (allow1 && c.fits(h, w)) {
      m1 = Math.max((double) Math.max(width, c.x + h), ratio * Math.max(height, c.y + w));
    }
    if (m0 == Double.POSITIVE_INFINITY && m1 == Double.POSITIVE_INFINITY) {
      return null;
    }
    return m0 <= m1 ? new CornerChoice(m0, c.seq, c.x, c.y, false) : new CornerChoice(m1, c.seq, c.x, c.y, true);
  }

  @Override
  public int compareTo(CornerChoice o) {
    int s = Double.compare(score, o.score);
    return s != 0 ? s : Long.compare(seq, o.seq);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CornerChoice c && compareTo(c) == 0;
  }

  @Override
  public int hashCode() {
    return Double.hashCode(score) * 31 + Long.hashCode(seq);
  }
}
