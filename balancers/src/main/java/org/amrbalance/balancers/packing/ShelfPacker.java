package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import javax.annotation.concurrent.Immutable;

/**
 * The level-packing baseline LP of the thesis's experiments (spec section 14.3): the modified first-fit
 * level heuristic of Coffman, Garey, Johnson and Tarjan, with a free bin width found by iteration.
 *
 * <p>Choices the spec leaves open (section 14.3), fixed here:
 * <ul>
 *   <li>Orientation: each grid keeps its own orientation (width along x); only TP exploits rotation.
 *   <li>Levels: grids in decreasing height; a grid goes into the first level with room for it; levels run
 *       alternately left to right and right to left from the bin's edges.
 *   <li>Drop-down: a grid sits on the highest grid of the earlier levels under its x-span (not on a
 *       level line), and only where it overlaps nothing already placed; otherwise it tries the next level.
 *   <li>Width: the bin width starts at max(sqrt(R·S), widest grid) and grows by {@code growth} (1%) until
 *       the used width over height first reaches R (or every grid fits on one level); of the last two
 *       packings the one with the smaller max(W, R·H) is returned. W is the used width, not the bin width.
 * </ul>
 */
@Immutable
public final class ShelfPacker implements Packer {
  private final double growth;

  private ShelfPacker(double growth) {
    this.growth = growth;
  }

  public static ShelfPacker defaults() {
    return new ShelfPacker(0.01);
  }

  /** Relative growth of the bin width per iteration, in (0, 1]. */
  public ShelfPacker withGrowth(double g) {
    Checks.check(Double.isFinite(g) && g > 0 && g <= 1, "growth", g, "must be in (0, 1]");
    return new ShelfPacker(g);
  }

  public double growth() {
    return growth;
  }

  @Override
  public Packing pack(Collection<Item> items, double ratio) {
    TightPacker.checkRatio(ratio);
    if (items.isEmpty()) {
      return Packing.of(List.of());
    }
    List<Item> sorted = new ArrayList<>(items);
    sorted.sort(Comparator.comparingLong(Item::height).reversed().thenComparingInt(Item::id));
    long area = 0;
    long widest = 0;
    long totalWidth = 0;
    for (Item i : sorted) {
      area += i.area();
      widest = Math.max(widest, i.width());
      totalWidth += i.width();
    }
    long bin = Math.max(widest, (long) Math.ceil(Math.sqrt(ratio * area)));
    Packing previous = null;
    while (true) {
      Packing p = packLevels(sorted, bin);
      // With every grid on one level the box cannot get wider: stop there too.
      if (p.width() >= ratio * p.height() || bin >= totalWidth) {
        return previous != null && previous.score(ratio) < p.score(ratio) ? previous : p;
      }
      previous = p;
      long next = (long) Math.ceil(bin * (1 + growth));
      bin = next > bin ? next : bin + 1;
    }
  }

  /** Modified first-fit levels with drop-down in a bin of width {@code bin}. */
  static Packing packLevels(List<Item> sorted, long bin) {
    List<Placement> placed = new ArrayList<>();
    List<long[]> levels = new ArrayList<>(); // {used width, direction: 0 left-to-right, 1 right-to-left}
    long widths = 0;
    for (Item item : sorted) {
      widths += item.width();
    }
    Columns columns = new Columns(sorted.isEmpty() ? 1 : Math.max(1, widths / sorted.size()));
    for (Item item : sorted) {
      Placement at = null;
      int k = 0;
      for (; k <= levels.size() && at == null; k++) {
        if (k == levels.size()) {
          levels.add(new long[] {0, k % 2});
        }
        at = tryLevel(levels.get(k), k, item, bin, columns);
      }
      if (at == null) {
        throw new IllegalStateException("a fresh level must take " + item + " in a bin of width " + bin);
      }
      placed.add(at);
      columns.add(at, k - 1);
    }
    return Packing.of(placed);
  }

  private static Placement tryLevel(long[] level, int k, Item item, long bin, Columns columns) {
    if (bin - level[0] < item.width()) {
      return null;
    }
    long x = level[1] == 0 ? level[0] : bin - level[0] - item.width();
    // Drop onto the highest grid of an earlier level below the x-span.
    long y = columns.highestTopBelowLevel(x, x + item.width(), k);
    Placement candidate = Placement.of(item, x, y, false);
    if (columns.overlapsAny(candidate)) {
      return null; // a grid of a later level has dropped into this spot
    }
    level[0] += item.width();
    return candidate;
  }

  /**
   * The placed grids filed by x under every column bucket their x-span meets, so that the drop-down and the
   * overlap test look only at grids whose x-span can meet the candidate's: the same answers as a scan of all
   * placed grids, without the scan.
   */
  private static final class Columns {
    private final long width;
    private final List<List<long[]>> buckets = new ArrayList<>();

    Columns(long width) {
      this.width = width;
    }

    void add(Placement p, int level) {
      long[] entry = {p.x(), p.y(), p.right(), p.top(), level};
      for (long b = p.x() / width; b <= (p.right() - 1) / width; b++) {
        while (buckets.size() <= b) {
          buckets.add(null);
        }
        List<long[]> in = buckets.get((int) b);
        if (in == null) {
          in = new ArrayList<>();
          buckets.set((int) b, in);
        }
        in.add(entry);
      }
    }

    /** The largest top of the grids of levels below {@code level} whose x-span meets [x, right); 0 if none. */
    long highestTopBelowLevel(long x, long right, int level) {
      long y = 0;
      for (long b = x / width; b <= (right - 1) / width && b < buckets.size(); b++) {
        List<long[]> in = buckets.get((int) b);
        if (in != null) {
          for (long[] e : in) {
            if (e[4] < level && e[0] < right && x < e[2]) {
              y = Math.max(y, e[3]);
            }
          }
        }
      }
      return y;
    }

    boolean overlapsAny(Placement c) {
      for (long b = c.x() / width; b <= (c.right() - 1) / width && b < buckets.size(); b++) {
        List<long[]> in = buckets.get((int) b);
        if (in != null) {
          for (long[] e : in) {
            if (e[0] < c.right() && c.x() < e[2] && e[1] < c.top() && c.y() < e[3]) {
              return true;
            }
          }
        }
      }
      return false;
    }
  }
}
