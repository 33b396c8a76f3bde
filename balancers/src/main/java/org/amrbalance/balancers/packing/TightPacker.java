package org.amrbalance.balancers.packing;

import org.amrbalance.balancers.packing.GridPackingOptions.OrientationRule;
import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;

/**
 * The TP ("tight-pack") heuristic of seed 002 section 5.3 with the corrections of spec section 6.3: grids are
 * taken in a {@link PackingOrder}; each is placed with its south-west corner on the free corner, and in the
 * orientation, that minimises max(W, R·H) of the resulting bounding box. O(m^2) for m grids as printed; exact
 * short cuts leave the packing unchanged: dead corners dropped, the corner scan stopped at the lower bound,
 * corners in bounded blocks that FindBestCorner and UpdateCornerList skip when they cannot matter
 * ({@link CornerBlocks}), and the packed grids' edges in cells walked along each new corner's rays
 * ({@link EdgeIndex}).
 *
 * <p>Tie-breaks (spec 6.3, correction 4): between orientations, orientation 0 (long side along x) wins a tie;
 * between corners, the first in list order (the oldest corner) wins. Pruning of holes smaller than the
 * smallest grid side (spec 6.4) is off by default, as Theorem 5.3.2 assumes.
 */
@Immutable
public final class TightPacker implements Packer {
  private final PackingOrder order;
  private final OrientationRule rule;
  private final boolean pruneHoles;

  private TightPacker(PackingOrder order, OrientationRule rule, boolean pruneHoles) {
    this.order = order;
    this.rule = rule;
    this.pruneHoles = pruneHoles;
  }

  /** TP with free orientation, no pruning, grids in decreasing area (the thesis's best order). */
  public static TightPacker defaults() {
    return new TightPacker(PackingOrder.DECREASING_AREA, OrientationRule.FREE, false);
  }

  /**
   * The modified TP of Theorems 5.3.3 and 5.3.4: decreasing long side, orientation restricted by the
   * corner's side of the diagonal.
   */
  public static TightPacker forWorstCaseBounds() {
    return new TightPacker(PackingOrder.DECREASING_LONG_SIDE, OrientationRule.DIAGONAL, false);
  }

  public TightPacker withOrder(PackingOrder o) {
    return new TightPacker(Checks.notNull("order", o), rule, pruneHoles);
  }

  public TightPacker withRule(OrientationRule r) {
    return new TightPacker(order, Checks.notNull("rule", r), pruneHoles);
  }

  /**
   * Drop corners with a side below the smallest grid side (spec 6.4). No grid fits such a corner, so the
   * packing is the same; {@link #pack} drops them anyway along with every other corner no later grid fits,
   * so this matters for the parallel packer and for the corner list the Theorem 5.3.2 tests inspect.
   */
  public TightPacker withHolePruning(boolean prune) {
    return new TightPacker(order, rule, prune);
  }

  public PackingOrder order() {
    return order;
  }

  public OrientationRule rule() {
    return rule;
  }

  public boolean pruneHoles() {
    return pruneHoles;
  }

  @Override
  public Packing pack(Collection<Item> items, double ratio) {
    checkRatio(ratio);
    List<Item> sorted = order.sort(items);
    State s = new State(ratio, rule, minHole(items));
    s.sizeIndex(sorted);
    s.dropDeadCorners(sorted);
    for (Item item : sorted) {
      s.place(item);
    }
    return Packing.of(s.placed);
  }

  /** Packs and hands the state to {@code observer} after every grid (for the Theorem 5.3.2 tests). */
  List<Packing> packTraced(Collection<Item> items, double ratio, java.util.function.Consumer<State> observer) {
    checkRatio(ratio);
    State s = new State(ratio, rule, minHole(items));
    List<Item> sorted = order.sort(items);
    s.sizeIndex(sorted);
    List<Packing> steps = new ArrayList<>();
    for (Item item : sorted) {
      s.place(item);
      observer.accept(s);
      steps.add(Packing.of(s.placed));
    }
    return steps;
  }

  private long minHole(Collection<Item> items) {
    if (!pruneHoles) {
      return 1;
    }
    long min = Long.MAX_VALUE;
    for (Item i : items) {
      min = Math.min(min, i.shortSide());
    }
    return min == Long.MAX_VALUE ? 1 : min;
  }

  static void checkRatio(double ratio) {
    Checks.check(Double.isFinite(ratio) && ratio > 0, "ratio", ratio, "must be finite and > 0");
  }

  /** The sequential TP state: corner list, packed grids (the scan lists), bounding box. */
  static final class State {
    final double ratio;
    final OrientationRule rule;
    final long minHole;
    final CornerBlocks corners = new CornerBlocks();
    final List<Placement> placed = new ArrayList<>();
    long width;
    long height;
    /** The scan lists, bucketed; the bucket side is set from the grids by {@link #sizeIndex}. */
    EdgeIndex index = new EdgeIndex(1);
    /** Suffix minima over the grids still to come (short side, long side, area), or null to keep all corners. */
    long[][] remaining;
    /** Grids placed since the last sweep of dead corners over the whole list, and the grid index it was at. */
    private int sinceSweep;
    private int sweptAt;

    State(double ratio, OrientationRule rule, long minHole) {
      this.ratio = ratio;
      this.rule = rule;
      this.minHole = minHole;
      corners.add(new Corner(0, 0, Corner.INFINITE, Corner.INFINITE, 0));
    }

    /**
     * Sizes the edge buckets: about the mean short side, but at least 1/(4m) of the sum of long sides (a
     * bound on every coordinate), so that there are at most 4m + 1 buckets per axis and O(m) filings.
     */
    void sizeIndex(List<Item> sorted) {
      int m = sorted.size();
      long shortSides = 0;
      long longSides = 0;
      for (Item it : sorted) {
        shortSides += it.shortSide();
        longSides += it.longSide();
      }
      index = m == 0 ? new EdgeIndex(1) : new EdgeIndex(Math.max(shortSides / m, -Math.floorDiv(-longSides, 4L * m)));
    }

    /**
     * Drops the corners no later grid can fit (too short a side or too small an area for every grid still to
     * come): in the blocks a grid touches, and in a sweep over all blocks every {@link CornerBlocks#SIZE} grids.
     * They could never be chosen, so the packing is unchanged; but the corner list stays short. Off in the
     * Theorem 5.3.2 tests, whose coverage invariant counts every corner.
     */
    void dropDeadCorners(List<Item> sorted) {
      int m = sorted.size();

      remaining = new long[3][m + 1];
      remaining[0][m] = remaining[1][m] = remaining[2][m] = Long.MAX_VALUE;
      for (int i = m - 1; i >= 0; i--) {
        Item it = sorted.get(i);
        remaining[0][i] = Math.min(remaining[0][i + 1], it.shortSide());
        remaining[1][i] = Math.min(remaining[1][i + 1], it.longSide());
        remaining[2][i] = Math.min(remaining[2][i + 1], it.area());
      }
    }

    private boolean risen(int next) {
      return remaining[0][next] != remaining[0][sweptAt] || remaining[1][next] != remaining[1][sweptAt]
          || remaining[2][next] != remaining[2][sweptAt];
    }

    /** Whether no grid from index {@code next} on fits corner c (always false with the full corner list). */
    private boolean dead(Corner c, int next) {
      if (remaining == null) {
        return false;
      }
      long lo = Math.min(c.p, c.q);
      long hi = Math.max(c.p, c.q);
      // lo · hi without a division: an overflowing product is never too small.
      boolean tooSmall = hi != Corner.INFINITE && Math.multiplyHigh(lo, hi) == 0 && lo * hi >= 0
          && lo * hi < remaining[2][next];
      return lo < remaining[0][next] || hi < remaining[1][next] || tooSmall;
    }

    void place(Item item) {
      // Orientation 0 lays the long side along x (grids are turned so that w_i >= h_i, spec section 9).
      long w = item.longSide();
      long h = item.shortSide();
      CornerChoice best = findBestCorner(w, h);
      if (best == null) {
        throw new IllegalStateException("no free corner fits " + item + ": the corner list is corrupt");
      }
      long gw = best.rotated ? h : w;
      long gh = best.rotated ? w : h;
      // Rotated relative to the item's own axes iff its width ends up along y.
      boolean turned = gw != item.width();
      Placement g = Placement.of(item.id(), best.x, best.y, gw, gh, turned && gw != gh);
      width = Math.max(width, g.right());
      height = Math.max(height, g.top());
      updateCornerList(best.seq, g);
      findNewCornerSize(g);
      placed.add(g);
    }

    @Nullable
    CornerChoice findBestCorner(long w, long h) {
      Corner best = null;
      double bestScore = Double.POSITIVE_INFINITY;
      // No placement scores below the current box's max(W, R·H); the first corner that reaches it wins.
      double floor = Math.max((double) width, ratio * height);
      scan:
      for (CornerBlocks.Chunk k : corners.chunks) {
        // A block that cannot fit the grid, or cannot score strictly below the best, cannot change the choice.
        if (!k.mayFit(w, h) || lowerBound(k, h) >= bestScore) {
          continue;
        }
        for (int i = 0; i < k.n; i++) {
          Corner c = k.corners[i];
          double score = CornerChoice.bestScore(c, w, h, width, height, ratio, rule);
          // Strictly better only: the first corner in list order keeps a tie.
          if (score < bestScore) {
            bestScore = score;
            best = c;
            if (score <= floor) {
              break scan;
            }
          }
        }
      }
      return best == null ? null : CornerChoice.at(best, w, h, width, height, ratio, rule);
    }

    /**
     * No corner of block k scores below this for a grid of short side h: either orientation reaches at least
     * h beyond the corner on both axes, and the score is monotone in both ends, in floating point too.
     */
    private double lowerBound(CornerBlocks.Chunk k, long h) {
      if (k.n == 0) {
        return Double.POSITIVE_INFINITY;
      }
      return Math.max((double) Math.max(width, k.minX + h), ratio * Math.max(height, k.minY + h));
    }

    private void updateCornerList(long usedSeq, Placement g) {
      int next = placed.size() + 1;
      long gx = g.x();
      long gy = g.y();
      long gw = g.width();
      long gh = g.height();
      java.util.function.Predicate<Corner> gone = c -> c.seq == usedSeq || c.p <= 0 || c.q <= 0
          || c.p < minHole || c.q < minHole || dead(c, next);
      // Only blocks holding the used corner or a ray the grid may cross can change; a corner's p and q only
      // shrink when the grid crosses its rays, so only a block where one shrank may lose corners to the tests.
      for (CornerBlocks.Chunk k : corners.chunks) {
        if ((k.holds(usedSeq) || k.mayCross(gx, gy, gw, gh)) && k.shrink(usedSeq, gx, gy, gw, gh)) {
          corners.removeIf(k, gone);
        }
      }
      // Corners that die because the grids still to come got larger are dropped by a sweep now and then (they
      // fit no later grid, so until then they are only skipped); untouched corners only die when one of the
      // three minima has risen since the last sweep. Emptied blocks are merged away at the same pace.
      if (++sinceSweep >= CornerBlocks.SIZE) {
        sinceSweep = 0;
        if (remaining != null && risen(next)) {
          sweptAt = next;
          for (CornerBlocks.Chunk k : corners.chunks) {
            corners.removeIf(k, c -> dead(c, next));
          }
        }
        corners.compact();
      }
    }

    private void findNewCornerSize(Placement g) {
      long[] min = index.minima(g);
      index.add(g);
      long[] size = NewCorners.sizes(min, g.x(), g.y(), g.width(), g.height());
      long seqBase = 2L * placed.size();
      addCorner(new Corner(g.right(), g.y(), size[0], size[1], seqBase + 1));
      addCorner(new Corner(g.x(), g.top(), size[2], size[3], seqBase + 2));
    }

    private void addCorner(Corner c) {
      // Correction 6: a neighbour abutting the new grid leaves a zero-size corner; drop it.
      if (c.p > 0 && c.q > 0 && c.p >= minHole && c.q >= minHole && !dead(c, placed.size() + 1)) {
        corners.add(c);
      }
    }
  }
}
