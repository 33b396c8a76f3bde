package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.annotation.Nullable;
import org.amrbalance.spi.Box;

/**
 * Cuts a box into parts of given relative volumes by recursive bisection: the weights are halved by count, the box
 * is cut across its longest axis that can be cut (in z too) at the cell plane nearest the halves' weight ratio, and
 * each side is cut for its half. Parts come out near-cubic (so their faces, the intra-grid communication, stay
 * small) and in the order of the weights, neighbours in the order sharing faces more often than not. No piece is
 * thinner than {@code minEdge} cells along an axis it was cut across. Each cut leaves both sides room for their
 * parts ({@link #capacity}), moving the cut or the split of the count if it must, so a box is always cut into as
 * many parts as its capacity allows.
 *
 * <p>A part at either end that wants less than a slab {@code minEdge} thick is carved out of such a slab instead
 * (the slab cut again across its next longest axis, and so on), and the rest of the slab goes to its neighbour as
 * a second piece: the error of a part is then about a {@code minEdge}-wide column or cube rather than a slab.
 */
final class WeightedBisection {
  private WeightedBisection() {}

  /**
   * The pieces of each part of {@code box} (part k for {@code weights[k]}: one box, or a few when a neighbour's
   * slab was carved), or null when the box cannot be cut into that many parts of edge {@code minEdge}.
   *
   * @param weights positive relative volumes
   * @param minEdge the thinnest piece along a cut axis, >= 1
   */
  @Nullable
  static List<List<Box>> cut(Box box, double[] weights, int minEdge) {
    List<List<Box>> out = new ArrayList<>(weights.length);
    for (int k = 0; k < weights.length; k++) {
      out.add(new ArrayList<>(1));
    }
    double all = 0;
    for (double w : weights) {
      all += w;
    }
    double[] cells = new double[weights.length]; // the weights in cells of the box
    for (int k = 0; k < weights.length; k++) {
      cells[k] = weights[k] / all * box.volume();
    }
    return cut(box, cells, 0, weights.length, minEdge, out) ? out : null;
  }

  /** How many pieces of edge {@code minEdge} the box holds at most: the product of floor(length / minEdge). */
  static long capacity(Box box, int minEdge) {
    long n = 1;
    for (int d = 0; d < box.dim(); d++) {
      n *= Math.max(1, box.length(d) / minEdge);
      if (n > Integer.MAX_VALUE) {
        return Integer.MAX_VALUE;
      }
    }
    return n;
  }

  /** Cuts {@code box} for the parts [from, to) of {@code w} (in cells; w may be changed for carved slabs). */
  private static boolean cut(Box box, double[] w, int from, int to, int minEdge, List<List<Box>> out) {
    int k = to - from;
    if (k == 1) {
      out.get(from).add(box);
      return true;
    }
    Integer[] axes = byLength(box);
    int longest = box.length(axes[0]);
    // Of the axes at least half the longest and the splits of the count within 2 of the middle, the cut whose
    // whole-cell position is nearest its weight ratio: rounding errors would otherwise compound down the recursion.
    int bestAxis = -1;
    int bestK1 = -1;
    long bestAt = -1;
    double bestError = Double.POSITIVE_INFINITY;
    for (int axis : axes) {
      int len = box.length(axis);
      if (len < 2 * minEdge || (bestAxis >= 0 && 2 * len < longest)) {
        continue;
      }
      long others = capacity(box, minEdge) / Math.max(1, len / minEdge);
      for (int step = 0; step < k; step++) {
        int k1 = k / 2 + (step % 2 == 0 ? step / 2 : -(step + 1) / 2);
        if (k1 < 1 || k1 >= k || (bestAxis >= 0 && Math.abs(2 * k1 - k) > 4)) {
          continue;
        }
        long needLeft = minEdge * ((k1 + others - 1) / others);
        long needRight = minEdge * ((k - k1 + others - 1) / others);
        if (needLeft + needRight > len) {
          continue;
        }
        int mid = from + k1;
        double low = 0;
        double all = 0;
        for (int j = from; j < to; j++) {
          all += w[j];
          low += j < mid ? w[j] : 0;
        }
        double want = len * low / all;
        if (k1 == 1 && want < needLeft && carve(box, axis, true, w, from, mid, to, minEdge, out)) {
          return true;
        }
        if (k - k1 == 1 && len - want < needRight && carve(box, axis, false, w, from, mid, to, minEdge, out)) {
          return true;
        }
        long at = Math.max(needLeft, Math.min(len - needRight, Math.round(want)));
        double error = Math.abs(at - want) / len;
        if (error < bestError - 1e-12) {
          bestError = error;
          bestAxis = axis;
          bestK1 = k1;
          bestAt = at;
        }
      }
    }
    if (bestAxis < 0) {
      return false;
    }
    int mid = from + bestK1;
    Box[] halves = box.split(bestAxis, box.lo(bestAxis) + (int) bestAt);
    return cut(halves[0], w, from, mid, minEdge, out) && cut(halves[1], w, mid, to, minEdge, out);
  }

  /**
   * Carves the end part (index {@code from} if {@code low}, else {@code to - 1}) out of the {@code minEdge}-thick
   * slab at that end of {@code axis}; the rest of the slab goes to the neighbouring part, the rest of the box to
   * the other parts. False (nothing written) if the slab cannot be cut.
   */
  private static boolean carve(Box box, int axis, boolean low, double[] w, int from, int mid, int to, int minEdge,
      List<List<Box>> out) {
    int len = box.length(axis);
    Box[] s = box.split(axis, box.lo(axis) + (low ? minEdge : len - minEdge));
    Box slab = low ? s[0] : s[1];
    Box rest = low ? s[1] : s[0];
    int end = low ? from : to - 1;
    int neighbour = low ? mid : mid - 1;
    double small = Math.min(w[end], slab.volume());
    double[] two = low ? new double[] {small, slab.volume() - small} : new double[] {slab.volume() - small, small};
    if (!(two[0] > 0 && two[1] > 0)) {
      return false;
    }
    List<List<Box>> inSlab = List.of(new ArrayList<>(), new ArrayList<>());
    if (!cut(slab, two, 0, 2, minEdge, inSlab)) {
      return false;
    }
    List<Box> mine = inSlab.get(low ? 0 : 1);
    List<Box> theirs = inSlab.get(low ? 1 : 0);
    out.get(end).addAll(mine);
    out.get(neighbour).addAll(theirs);
    double given = 0;
    for (Box b : theirs) {
      given += b.volume();
    }
    w[neighbour] = Math.max(w[neighbour] - given, 1e-9); // the neighbour needs that much less from the rest
    return low ? cut(rest, w, mid, to, minEdge, out) : cut(rest, w, from, mid, minEdge, out);
  }

  private static Integer[] byLength(Box box) {
    Integer[] axes = new Integer[box.dim()];
    for (int d = 0; d < axes.length; d++) {
      axes[d] = d;
    }
    Arrays.sort(axes, (a, b) -> box.length(a) != box.length(b) ? Integer.compare(box.length(b), box.length(a))
        : Integer.compare(a, b));
    return axes;
  }
}
