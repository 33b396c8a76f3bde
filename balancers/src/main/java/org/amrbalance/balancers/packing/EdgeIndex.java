package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The scan lists of TP in square buckets of side b, so that FindNewCornerSize looks only at the grids near
 * each ray: a grid's left edge is filed in the cells (floor(y' / b), floor(x / b)) for every y' of its
 * y-span, its bottom edge in the cells (floor(x' / b), floor(y / b)) for every x' of its x-span. A ray from
 * (X, Y) to the right can only be blocked by a left edge whose span contains Y and that lies at or beyond X,
 * all of which are in row floor(Y / b) at column floor(X / b) or later. The row is walked column by column
 * (empty cells are jumped over) and the walk stops once the minimum found lies before the next cell, so the
 * minima are exactly those of the full scan; upward rays likewise. A row alone would hold every grid of a
 * long thin packing (a 2^a x 1 hypercube mesh), hence the cells.
 */
final class EdgeIndex {
  private final long bucket;
  /** Left edges: row bucket, then column of the edge, then {count, x, y, right, top, ...}. */
  private final List<TreeMap<Long, long[]>> rows = new ArrayList<>();
  /** Bottom edges: column bucket, then row of the edge, then entries as above. */
  private final List<TreeMap<Long, long[]>> columns = new ArrayList<>();

  /** The largest x, y, right and top of the filed grids: rays beyond them meet nothing. */
  private long maxX = -1;
  private long maxY = -1;
  private long maxRight = -1;
  private long maxTop = -1;

  EdgeIndex(long bucket) {
    this.bucket = Math.max(1, bucket);
  }

  void add(Placement g) {
    maxX = Math.max(maxX, g.x());
    maxY = Math.max(maxY, g.y());
    maxRight = Math.max(maxRight, g.right());
    maxTop = Math.max(maxTop, g.top());
    for (long k = g.y() / bucket; k <= (g.top() - 1) / bucket; k++) {
      file(rows, (int) k, g.x() / bucket, g);
    }
    for (long k = g.x() / bucket; k <= (g.right() - 1) / bucket; k++) {
      file(columns, (int) k, g.y() / bucket, g);
    }
  }

  /** FindNewCornerSize's four coordinate minima for a grid just placed at g (not yet added). */
  long[] minima(Placement g) {
    long[] min = NewCorners.unblocked();
    long gx = g.x();
    long gy = g.y();
    long gw = g.width();
    long gh = g.height();
    // Folding a grid tests all four rays; a grid met on one ray's walk may block another, which is harmless.
    // A ray at or above every top (right of every right side), or starting beyond every left (bottom) edge,
    // meets nothing: the rays along the packing's frontier skip their walk.
    if (gy < maxTop && gx + gw <= maxX) {
      walk(rows, gy, gx + gw, NewCorners.SE_X, min, gx, gy, gw, gh); // horizontal ray of the SE corner
    }
    if (gy + gh < maxTop && gx <= maxX) {
      walk(rows, gy + gh, gx, NewCorners.NW_X, min, gx, gy, gw, gh); // horizontal ray of the NW corner
    }
    if (gx + gw < maxRight && gy <= maxY) {
      walk(columns, gx + gw, gy, NewCorners.SE_Y, min, gx, gy, gw, gh); // vertical ray of the SE corner
    }
    if (gx < maxRight && gy + gh <= maxY) {
      walk(columns, gx, gy + gh, NewCorners.NW_Y, min, gx, gy, gw, gh); // vertical ray of the NW corner
    }
    return min;
  }

  /**
   * Folds the cells of line {@code across / b} from cell {@code from / b} on, until the minimum of ray
   * {@code ray} lies before the next cell (every later edge starts at or beyond it).
   */
  private void walk(List<TreeMap<Long, long[]>> lines, long across, long from, int ray, long[] min, long gx,
      long gy, long gw, long gh) {
    long line = across / bucket;
    if (line >= lines.size() || lines.get((int) line) == null) {
      return;
    }
    TreeMap<Long, long[]> cells = lines.get((int) line);
    for (Map.Entry<Long, long[]> e = cells.ceilingEntry(from / bucket); e != null; e = cells.higherEntry(e.getKey())) {
      long[] b = e.getValue();
      for (int i = 1, n = 1 + 4 * (int) b[0]; i < n; i += 4) {
        NewCorners.fold(min, b[i], b[i + 1], b[i + 2], b[i + 3], gx, gy, gw, gh);
      }
      if (min[ray] <= (e.getKey() + 1) * bucket) {
        return;
      }
    }
  }

  private static void file(List<TreeMap<Long, long[]>> lines, int line, long cell, Placement g) {
    while (lines.size() <= line) {
      lines.add(null);
    }
    TreeMap<Long, long[]> cells = lines.get(line);
    if (cells == null) {
      cells = new TreeMap<>();
      lines.set(line, cells);
    }
    long[] b = cells.get(cell);
    if (b == null) {
      b = new long[1 + 4 * 2];
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
    cells.put(cell, b);
  }
}
