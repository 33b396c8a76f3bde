package org.amrbalance.readers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.amrbalance.spi.Box;

/**
 * Finds which boxes of a fixed list intersect a query box: the boxes sorted by their low x, so that a query
 * only looks at those whose x range can reach it. Enough for the few thousand boxes of a file's level.
 */
final class BoxSweep {
  private final List<Box> boxes;
  private final Integer[] order;
  private final int[] sortedLo;
  private final int maxLength;

  BoxSweep(List<Box> boxes) {
    this.boxes = List.copyOf(boxes);
    this.order = new Integer[boxes.size()];
    int longest = 1;
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
      longest = Math.max(longest, boxes.get(i).length(0));
    }
    Arrays.sort(order, Comparator.comparingInt(i -> this.boxes.get(i).lo(0)));
    this.sortedLo = new int[order.length];
    for (int k = 0; k < order.length; k++) {
      sortedLo[k] = this.boxes.get(order[k]).lo(0);
    }
    this.maxLength = longest;
  }

  /** Indices (into the constructor's list) of the boxes that share a cell with {@code query}, ascending. */
  List<Integer> intersecting(Box query) {
    // A box can reach the query only if its lo(0) lies in [query.lo(0) - maxLength + 1, query.hi(0)].
    long from = (long) query.lo(0) - maxLength + 1;
    int k = firstAtLeast(from);
    List<Integer> hits = new ArrayList<>();
    for (; k < order.length && sortedLo[k] <= query.hi(0); k++) {
      if (boxes.get(order[k]).intersects(query)) {
        hits.add(order[k]);
      }
    }
    hits.sort(null);
    return hits;
  }

  private int firstAtLeast(long value) {
    int lo = 0;
    int hi = sortedLo.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sortedLo[mid] < value) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
