package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Hands the processors a repaired level leaves idle to its grids. When sides had to be enlarged so that every
 * grid gets a processor (spec section 11, "Minimum grid size": the repair is left to the implementation), the
 * blocks are those of the enlarged proxies, not of the grids' points: with about as many grids as processors
 * a large grid ends up with as few processors as a small one, and the holes of the proxies' packing leave
 * processors idle. Here the grid with the most points per processor it can use takes a free column or row of
 * processors beside its block (the block stays a rectangle, blocks stay disjoint), again and again, until no
 * grid can grow into free processors. A grid's block only grows, so no grid's points per processor rise.
 */
final class IdleGrowth {
  private IdleGrowth() {}

  /** The allocation with blocks grown into idle processors; {@code items} are the level's real grids. */
  static SubMeshAllocation grow(SubMeshAllocation a, Collection<Item> items) {
    ProcessorGrid grid = a.grid();
    int columns = grid.columns();
    int rows = grid.rows();
    boolean[] used = new boolean[columns * rows];
    Map<Integer, Block> blocks = new LinkedHashMap<>(a.blocks());
    for (Block b : blocks.values()) {
      for (int x = b.x(); x < b.right(); x++) {
        for (int y = b.y(); y < b.top(); y++) {
          used[y * columns + x] = true;
        }
      }
    }
    Map<Integer, Item> byId = new LinkedHashMap<>();
    for (Item i : items) {
      byId.put(i.id(), i);
    }
    // Most points per usable processor first; ties to the lower id, so that the result is deterministic.
    PriorityQueue<double[]> worst = new PriorityQueue<>(Comparator.<double[]>comparingDouble(e -> -e[0])
        .thenComparingDouble(e -> e[1]));
    for (int id : blocks.keySet()) {
      worst.add(new double[] {load(byId.get(id), blocks.get(id), a.rotated(id)), id});
    }
    while (!worst.isEmpty()) {
      int id = (int) worst.poll()[1];
      Item item = byId.get(id);
      boolean turned = a.rotated(id);
      Block b = blocks.get(id);
      Block best = null;
      long bestUse = usable(item, b, turned);
      for (Block c : candidates(b, columns, rows)) {
        long use = usable(item, c, turned);
        if (use > bestUse && free(used, columns, b, c)) {
          best = c;
          bestUse = use;
        }
      }
      if (best == null) {
        continue; // free processors only get fewer, so this grid can never grow again
      }
      for (int x = best.x(); x < best.right(); x++) {
        for (int y = best.y(); y < best.top(); y++) {
          used[y * columns + x] = true;
        }
      }
      blocks.put(id, best);
      worst.add(new double[] {load(item, best, turned), id});
    }
    Map<Integer, Boolean> rotated = new LinkedHashMap<>();
    for (int id : blocks.keySet()) {
      rotated.put(id, a.rotated(id));
    }
    return new SubMeshAllocation(grid, a.packing(), blocks, rotated, a.repairRounds(), a.fallback(),
        a.capViolations());
  }

  /** The block grown by one column on the left or right, or one row below or above, inside the mesh. */
  private static List<Block> candidates(Block b, int columns, int rows) {
    List<Block> out = new ArrayList<>(4);
    if (b.x() > 0) {
      out.add(Block.of(b.x() - 1, b.y(), b.columns() + 1, b.rows()));
    }
    if (b.right() < columns) {
      out.add(Block.of(b.x(), b.y(), b.columns() + 1, b.rows()));
    }
    if (b.y() > 0) {
      out.add(Block.of(b.x(), b.y() - 1, b.columns(), b.rows() + 1));
    }
    if (b.top() < rows) {
      out.add(Block.of(b.x(), b.y(), b.columns(), b.rows() + 1));
    }
    return out;
  }

  /** Whether every processor of {@code grown} outside {@code b} is free. */
  private static boolean free(boolean[] used, int columns, Block b, Block grown) {
    for (int x = grown.x(); x < grown.right(); x++) {
      for (int y = grown.y(); y < grown.top(); y++) {
        if (!b.contains(x, y) && used[y * columns + x]) {
          return false;
        }
      }
    }
    return true;
  }

  /** Processors of block b that {@link GridCutter} gives a piece: no more per axis than the grid has cells. */
  static long usable(Item item, Block b, boolean turned) {
    long alongColumns = turned ? item.height() : item.width();
    long alongRows = turned ? item.width() : item.height();
    return Math.min(b.columns(), alongColumns) * Math.min(b.rows(), alongRows);
  }

  private static double load(Item item, Block b, boolean turned) {
    return (double) item.area() / usable(item, b, turned);
  }

  /** For the tests: how many processors of the mesh no block covers. */
  static int idle(SubMeshAllocation a) {
    boolean[] used = new boolean[a.grid().size()];
    for (Block b : a.blocks().values()) {
      for (int x = b.x(); x < b.right(); x++) {
        for (int y = b.y(); y < b.top(); y++) {
          used[y * a.grid().columns() + x] = true;
        }
      }
    }
    int idle = 0;
    for (boolean u : used) {
      idle += u ? 0 : 1;
    }
    return idle;
  }
}
