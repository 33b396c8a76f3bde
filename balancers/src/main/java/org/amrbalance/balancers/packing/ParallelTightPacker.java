package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.parallel.Collectives;

/**
 * The parallel TP of spec section 10 on {@link Collectives}: the packing it returns on every rank equals
 * what {@link TightPacker} with the same settings gives for the union of the ranks' grids.
 *
 * <p>Each rank starts with the grids it generated. TokenPacking and the sort become one all-gather and a
 * sort every rank does alike (the group is small next to the work of packing); the i-th grid in packing
 * order then belongs to rank {@code i mod size}, which holds that grid's edges (its part of the scan lists)
 * and the at most two corners the grid creates; rank 0 also holds the origin corner. Per grid: every rank
 * scores its own corners and a FindMin (an all-gather) picks the best by score, then by corner creation
 * order, which is the sequential list order; every rank shrinks its own corners (UpdateCorners); every rank
 * folds its own grids' edges into the four ray minima of the new corners and a second FindMin combines
 * them, converted from coordinates to sizes (the correction of spec section 10); the owner stores the new
 * corners. SendPacketToSource becomes the result every rank returns: the whole packing.
 */
@Immutable
public final class ParallelTightPacker {
  private final TightPacker settings;

  private ParallelTightPacker(TightPacker settings) {
    this.settings = settings;
  }

  /** The parallel form of {@code settings} (its order, orientation rule and pruning). */
  public static ParallelTightPacker of(TightPacker settings) {
    return new ParallelTightPacker(Checks.notNull("settings", settings));
  }

  public TightPacker settings() {
    return settings;
  }

  /** Collective: every rank calls it with its own grids and the same ratio, and gets the whole packing. */
  public Packing pack(Collectives comm, Collection<Item> localItems, double ratio) {
    Checks.notNull("comm", comm);
    Checks.notNull("localItems", localItems);
    TightPacker.checkRatio(ratio);
    List<Item> all = settings.order().sort(comm.allGatherFlat(new ArrayList<>(localItems)));
    long minHole = 1;
    if (settings.pruneHoles() && !all.isEmpty()) {
      minHole = Long.MAX_VALUE;
      for (Item i : all) {
        minHole = Math.min(minHole, i.shortSide());
      }
    }
    int rank = comm.rank();
    int size = comm.size();
    List<Corner> corners = new ArrayList<>();
    if (rank == 0) {
      corners.add(new Corner(0, 0, Corner.INFINITE, Corner.INFINITE, 0));
    }
    List<Placement> own = new ArrayList<>();
    List<Placement> placed = new ArrayList<>(all.size());
    long width = 0;
    long height = 0;
    for (int i = 0; i < all.size(); i++) {
      Item item = all.get(i);
      long w = item.longSide();
      long h = item.shortSide();
      // FindBestCorner: the best of this rank's corners, then a FindMin over ranks.
      ArrayList<CornerChoice> mine = new ArrayList<>(1);
      for (Corner c : corners) {
        CornerChoice here = CornerChoice.at(c, w, h, width, height, ratio, settings.rule());
        if (here != null && (mine.isEmpty() || here.compareTo(mine.get(0)) < 0)) {
          mine.clear();
          mine.add(here);
        }
      }
      CornerChoice best = null;
      for (CornerChoice c : comm.allGatherFlat(mine)) {
        if (best == null || c.compareTo(best) < 0) {
          best = c;
        }
      }
      if (best == null) {
        throw new IllegalStateException("no free corner fits " + item + " on any rank");
      }
      long gw = best.rotated ? h : w;
      long gh = best.rotated ? w : h;
      Placement g = Placement.of(item.id(), best.x, best.y, gw, gh, gw != item.width() && gw != gh);
      width = Math.max(width, g.right());
      height = Math.max(height, g.top());
      // UpdateCorners: O(1) per corner, on the rank that holds it.
      long usedSeq = best.seq;
      final long hole = minHole;
      corners.removeIf(c -> c.seq == usedSeq || !c.shrinkFor(g.x(), g.y(), g.width(), g.height())
          || c.p < hole || c.q < hole);
      // FindNewCornerSize: each rank's edges, then a FindMin of the four coordinates.
      long[] min = NewCorners.unblocked();
      for (Placement r : own) {
        NewCorners.fold(min, r, g.x(), g.y(), g.width(), g.height());
      }
      for (long[] other : comm.allGather(min)) {
        NewCorners.combine(min, other);
      }
      if (i % size == rank) {
        long[] s = NewCorners.sizes(min, g.x(), g.y(), g.width(), g.height());
        addCorner(corners, new Corner(g.right(), g.y(), s[0], s[1], 2L * i + 1), minHole);
        addCorner(corners, new Corner(g.x(), g.top(), s[2], s[3], 2L * i + 2), minHole);
        own.add(g);
      }
      placed.add(g);
    }
    return Packing.of(placed);
  }

  private static void addCorner(List<Corner> corners, Corner c, long minHole) {
    if (c.p > 0 && c.q > 0 && c.p >= minHole && c.q >= minHole) {
      corners.add(c);
    }
  }
}
