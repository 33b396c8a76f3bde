package org.amrbalance.readers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Box;

/**
 * Finds which boxes of a fixed list intersect a query box. Boxes are hashed into a uniform grid of buckets
 * about one median box wide; a box or query spanning too many buckets (a corrupt file can hold a huge box) is
 * handled by a plain scan instead, so that no input makes the index slow beyond linear.
 */
final class BoxSweep {
  /** Most buckets a box is entered into, or a query visits, before a scan is used instead. */
  private static final long MAX_BUCKETS = 64;

  private final List<Box> boxes;
  private final int dim;
  private final int[] size;
  private final Map<Long, int[]> buckets = new HashMap<>();
  private final int[] oversize;
  private final int[] stamp;
  private int query;

  BoxSweep(List<Box> boxes) {
    this.boxes = List.copyOf(boxes);
    this.dim = boxes.isEmpty() ? 1 : boxes.get(0).dim();
    this.size = new int[dim];
    for (int d = 0; d < dim; d++) {
      int[] lengths = new int[boxes.size()];
      for (int i = 0; i < lengths.length; i++) {
        lengths[i] = boxes.get(i).length(d);
      }
      Arrays.sort(lengths);
      size[d] = lengths.length == 0 ? 1 : Math.max(1, lengths[lengths.length / 2]);
    }
    Map<Long, List<Integer>> lists = new HashMap<>();
    List<Integer> big = new ArrayList<>();
    for (int i = 0; i < this.boxes.size(); i++) {
      Box b = this.boxes.get(i);
      if (bucketCount(b) > MAX_BUCKETS) {
        big.add(i);
        continue;
      }
      int index = i;
      forEachBucket(b, key -> lists.computeIfAbsent(key, k -> new ArrayList<>()).add(index));
    }
    lists.forEach((k, v) -> buckets.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
    this.oversize = big.stream().mapToInt(Integer::intValue).toArray();
    this.stamp = new int[this.boxes.size()];
  }

  /** Indices (into the constructor's list) of the boxes that share a cell with {@code q}, ascending. */
  List<Integer> intersecting(Box q) {
    query++;
    List<Integer> hits = new ArrayList<>();
    if (bucketCount(q) > Math.max(MAX_BUCKETS, buckets.size())) {
      for (int i = 0; i < boxes.size(); i++) {
        if (boxes.get(i).intersects(q)) {
          hits.add(i);
        }
      }
      return hits;
    }
    forEachBucket(q, key -> {
      int[] in = buckets.get(key);
      if (in != null) {
        for (int i : in) {
          visit(i, q, hits);
        }
      }
    });
    for (int i : oversize) {
      visit(i, q, hits);
    }
    hits.sort(null);
    return hits;
  }

  private void visit(int i, Box q, List<Integer> hits) {
    if (stamp[i] != query) {
      stamp[i] = query;
      if (boxes.get(i).intersects(q)) {
        hits.add(i);
      }
    }
  }

  private long bucketCount(Box b) {
    long n = 1;
    for (int d = 0; d < dim; d++) {
      n *= (long) Math.floorDiv(b.hi(d), size[d]) - Math.floorDiv(b.lo(d), size[d]) + 1;
      if (n > Integer.MAX_VALUE) {
        return n;
      }
    }
    return n;
  }

  private interface KeyConsumer {
    void accept(long key);
  }

  private void forEachBucket(Box b, KeyConsumer action) {
    int[] lo = new int[3];
    int[] hi = new int[3];
    for (int d = 0; d < 3; d++) {
      lo[d] = d < dim ? Math.floorDiv(b.lo(d), size[d]) : 0;
      hi[d] = d < dim ? Math.floorDiv(b.hi(d), size[d]) : 0;
    }
    for (int x = lo[0]; x <= hi[0]; x++) {
      for (int y = lo[1]; y <= hi[1]; y++) {
        for (int z = lo[2]; z <= hi[2]; z++) {
          // Bucket coordinates of boxes inside an int domain fit in 21 bits once divided by the median size;
          // a collision of wrapped keys only adds candidates, which the intersection test then drops.
          action.accept(((long) (x & 0x1FFFFF) << 42) | ((long) (y & 0x1FFFFF) << 21) | (z & 0x1FFFFF));
        }
      }
    }
  }
}
