package org.amrbalance.balancers.packing;

import org.amrbalance.balancers.packing.GridPackingOptions.OrientationRule;
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
    double m0 = score(c, w, h, width, height, ratio, rule, false);
    double m1 = score(c, w, h, width, height, ratio, rule, true);
    if (m0 == Double.POSITIVE_INFINITY && m1 == Double.POSITIVE_INFINITY) {
      return null;
    }
    return m0 <= m1 ? new CornerChoice(m0, c.seq, c.x, c.y, false) : new CornerChoice(m1, c.seq, c.x, c.y, true);
  }

  /** min(m0, m1) without allocating (infinite if nothing fits): the inner loop of FindBestCorner. */
  static double bestScore(Corner c, long w, long h, long width, long height, double ratio, OrientationRule rule) {
    return Math.min(score(c, w, h, width, height, ratio, rule, false),
        score(c, w, h, width, height, ratio, rule, true));
  }

  /** The score of one orientation (1: turned) at corner c, infinite if it is not allowed or does not fit. */
  private static double score(Corner c, long w, long h, long width, long height, double ratio, OrientationRule rule,
      boolean turned) {
    long ow = turned ? h : w;
    long oh = turned ? w : h;
    if (!c.fits(ow, oh)) {
      return Double.POSITIVE_INFINITY;
    }
    if (rule == OrientationRule.DIAGONAL) {
      // Long side horizontal above the line y = x / R, vertical below it, either on it (section 8.1).
      double ry = ratio * c.y;
      boolean longSideAlongX = ow >= oh;
      boolean allowed = longSideAlongX ? c.x <= ry : c.x >= ry;
      if (!allowed && ow != oh) {
        return Double.POSITIVE_INFINITY;
      }
    }
    return Math.max((double) Math.max(width, c.x + ow), ratio * Math.max(height, c.y + oh));
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
