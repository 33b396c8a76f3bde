package org.amrbalance.service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.BoxIndex;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * Places the patches of a new hierarchy where their data already is: each patch goes whole to the rank that
 * held most of its cells on the same level before the regrid, else to the rank holding most of its parent cells
 * (the rank that interpolates it). This is what a regrid does when the trigger does not ask for a remap: little
 * moves. One guard against piling up: a rank whose load on a level would pass {@code tolerance} × that level's
 * average takes no more patches of the level; the patch goes to the next rank holding its data that stays below,
 * else to the rank least loaded on the level, unless a rank holding its data is as little loaded (a patch with no
 * data anywhere goes to the least loaded rank). Per level, because a
 * Berger–Oliger solver advances level by level and waits for the slowest rank at each. Ties go to the lowest
 * rank. Patches are placed in hierarchy order, so parents are placed before their children.
 */
public final class InheritingPlacement implements LoadBalancer {
  /**
   * The default bound on a rank's load as a multiple of the level's average. Chosen by {@code amrbalance placement}
   * on the demo's moving series (docs/distributed-runtime.md): with no remap, 1.05 keeps the level-synchronous
   * efficiency at 0.93-0.98 on 2-16 ranks against 0.87-0.91 at the earlier 1.25, for 0.3-3.2 percentage points more
   * of the cells moved at a regrid; 1.0 gains at most 0.02 more on 2-8 ranks and moves more. Checked on two series
   * no value was chosen on.
   */
  public static final double DEFAULT_TOLERANCE = 1.05;

  private final double tolerance;

  /** With {@link #DEFAULT_TOLERANCE}. */
  public InheritingPlacement() {
    this(DEFAULT_TOLERANCE);
  }

  private InheritingPlacement(double tolerance) {
    this.tolerance = tolerance;
  }

  /**
   * Bounding each rank's load by {@code tolerance} × the average ({@code Double.POSITIVE_INFINITY}: always where
   * the data is).
   */
  public static InheritingPlacement withTolerance(double tolerance) {
    if (!(tolerance >= 1)) {
      throw new IllegalArgumentException("tolerance = " + tolerance + ": must be >= 1 (a multiple of the average "
          + "load), or infinite");
    }
    return new InheritingPlacement(tolerance);
  }

  public double tolerance() {
    return tolerance;
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    Hierarchy h = problem.hierarchy();
    Assignment previous = problem.previous();
    int ranks = problem.ranks();
    Map<Integer, Integer> rankOf = new HashMap<>();
    double[] limit = new double[h.levelCount()];
    for (Patch p : h.patches()) {
      limit[p.level()] += tolerance * p.work() / ranks;
    }
    // Indexes instead of pairs: the old patches a new one meets, and each level's least loaded rank, so that a
    // regrid of 10^5 patches on 10^4 ranks is placed in near-linear time.
    Map<Integer, BoxIndex> oldIndex = new HashMap<>();
    LevelLoads[] loads = new LevelLoads[h.levelCount()];
    DataCells cells = new DataCells(ranks);
    for (Patch p : h.patches()) {
      int level = p.level();
      if (previous != null && level < previous.hierarchy().levelCount()) {
        List<Patch> olds = previous.hierarchy().level(level);
        BoxIndex index = oldIndex.computeIfAbsent(level, l -> new BoxIndex(olds.stream().map(Patch::box).toList()));
        for (int i : index.intersecting(p.box())) {
          for (Piece piece : previous.piecesOf(olds.get(i).id())) {
            if (piece.rank() < ranks) {
              cells.add(piece.rank(), piece.box().overlapVolume(p.box()));
            }
          }
        }
      }
      if (cells.none() && level > 0) {
        Box shadow = p.box().coarsen(h.ratio(level - 1));
        for (int parent : h.parents(p.id())) {
          cells.add(rankOf.get(parent), h.patch(parent).box().overlapVolume(shadow));
        }
      }
      if (loads[level] == null) {
        loads[level] = new LevelLoads(ranks);
      }
      int rank = withData(cells, loads[level], p.work(), limit[level]);
      loads[level].add(rank, p.work());
      rankOf.put(p.id(), rank);
      cells.clear();
    }
    List<Piece> pieces = new ArrayList<>();
    h.patches().forEach(p -> pieces.add(Piece.whole(p, rankOf.get(p.id()))));
    return Assignment.of(h, ranks, pieces);
  }

  /**
   * The rank holding most of the data that stays within {@code limit} with {@code work} added; else the least
   * loaded rank, a rank holding data first among equally loaded ones (moving the patch would gain nothing). Ties go
   * to the lowest rank.
   */
  private static int withData(DataCells cells, LevelLoads loads, double work, double limit) {
    int best = -1;
    for (int r : cells.ranks()) {
      if (loads.load(r) + work <= limit && better(cells, r, best)) {
        best = r;
      }
    }
    if (best >= 0) {
      return best;
    }
    int least = loads.least();
    for (int r : cells.ranks()) {
      if (loads.load(r) == loads.load(least) && better(cells, r, least)) {
        least = r;
      }
    }
    return least;
  }

  /** Whether rank {@code r} holds more of the data than {@code best} (-1: none yet), the lower rank on a tie. */
  private static boolean better(DataCells cells, int r, int best) {
    return best < 0 || cells.of(r) > cells.of(best) || (cells.of(r) == cells.of(best) && r < best);
  }

  /** Cells of the new patch each rank holds: an array reused for every patch, cleared through the ranks touched. */
  private static final class DataCells {
    private final long[] cells;
    private final List<Integer> touched = new ArrayList<>();

    DataCells(int ranks) {
      this.cells = new long[ranks];
    }

    void add(int rank, long n) {
      if (n > 0) {
        if (cells[rank] == 0) {
          touched.add(rank);
        }
        cells[rank] += n;
      }
    }

    long of(int rank) {
      return cells[rank];
    }

    boolean none() {
      return touched.isEmpty();
    }

    List<Integer> ranks() {
      return touched;
    }

    void clear() {
      touched.forEach(r -> cells[r] = 0);
      touched.clear();
    }
  }

  /** One level's load per rank, with its least loaded rank (the lowest of equals) found in log time. */
  private static final class LevelLoads {
    private final double[] load;
    private final TreeSet<Integer> byLoad;

    LevelLoads(int ranks) {
      this.load = new double[ranks];
      this.byLoad = new TreeSet<>(Comparator.<Integer>comparingDouble(r -> load[r]).thenComparingInt(r -> r));
      for (int r = 0; r < ranks; r++) {
        byLoad.add(r);
      }
    }

    double load(int rank) {
      return load[rank];
    }

    int least() {
      return byLoad.first();
    }

    void add(int rank, double work) {
      byLoad.remove(rank);
      load[rank] += work;
      byLoad.add(rank);
    }
  }
}
