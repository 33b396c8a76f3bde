package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The scan lists of TP in buckets, so that FindNewCornerSize looks only at the grids whose span can contain
 * the ray's origin: a grid's left edge is filed under every row bucket floor(y / b) its y-span meets, its
 * bottom edge under every column bucket its x-span meets. A ray from height Y can only be blocked by a left
 * edge whose span contains Y, and every such edge is in bucket floor(Y / b), so the minima are exactly those
 * of the full scan. With b about a grid side, a bucket holds about sqrt(m) grids and TP costs about
 * O(m^1.5) instead of O(m^2).
 */
final class EdgeIndex {
  private final long bucket;
  private final List<long[]> rows = new ArrayList<>();
  private final List<long[]> columns = new ArrayList<>();

  EdgeIndex(long bucket) {
    this.bucket = Math.max(1, bucket);
  }

  void add(Placement g) {
    // Each entry is {x, y, right, top}; the first slot of a bucket array counts its entries.
    for (long k = g.y() / bucket; k <= (g.top() - 1) / bucket; k++) {
      file(rows, (int) k, g);
    }
    for (long k = g.x() / bucket; k <= (g.right() - 1) / bucket; k++) {
      file(columns, (int) k, g);
    }
  }

  /** FindNewCornerSize's four coordinate minima for a grid just placed at g (not yet added). */
  long[] minima(Placement g) {
    long[] min = NewCorners.unblocked();
    long gx = g.x();
    long gy = g.y();
    long gw = g.width();
    long gh = g.height();
    scan(rows, gy, min, gx, gy, gw, gh); // horizontal ray of the SE corner, from height y
    scan(rows, gy + gh, min, gx, gy, gw, gh); // horizontal ray of the NW corner, from height y + h
    scan(columns, gx + gw, min, gx, gy, gw, gh); // vertical ray of the SE corner, from x + w
    scan(columns, gx, min, gx, gy, gw, gh); // vertical ray of the NW corner, from x
    return min;
  }

  private void scan(List<long[]> buckets, long at, long[] min, long gx, long gy, long gw, long gh) {
    int k = (int) (at / bucket);
    if (k >= buckets.size() || buckets.get(k) == null) {
      return;
    }
    long[] b = buckets.get(k);
    // Folding a grid tests all four rays; those of other rays are filed elsewhere too, which is harmless.
    for (int i = 1, n = 1 + 4 * (int) b[0]; i < n; i += 4) {
      NewCorners.fold(min, b[i], b[i + 1], b[i + 2], b[i + 3], gx, gy, gw, gh);
    }
  }

  private static void file(List<long[]> buckets, int k, Placement g) {
    while (buckets.size() <= k) {
      buckets.add(null);
    }
    long[] b = buckets.get(k);
    if (b == null) {
      b = new long[1 + 4 * 4];
    }
    int at = 1 + 4 * (int) b[0];
    if (at + 4 > b.length) {
      b = Arrays.copyOf(b, 2 * b.length);
    }
    b[at] = g.x();
    b[at + 1] = g.y();
    b[at + 2] = g.right();
    b[at + 3] = g.top();
    b[0]++;
    buckets.set(k, b);
  }
}
