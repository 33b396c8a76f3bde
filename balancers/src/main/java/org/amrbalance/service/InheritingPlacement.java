package org.amrbalance.service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
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
   * The default bound on a rank's load as a multiple of the average: loose enough that most patches stay with
   * their data, tight enough that regrids between remaps cannot pile a hot spot onto one rank.
   */
  public static final double DEFAULT_TOLERANCE = 1.25;

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
    double[][] load = new double[h.levelCount()][ranks];
    double[] limit = new double[h.levelCount()];
    for (Patch p : h.patches()) {
      limit[p.level()] += tolerance * p.work() / ranks;
    }
    for (Patch p : h.patches()) {
      long[] cells = new long[ranks];
      if (previous != null && p.level() < previous.hierarchy().levelCount()) {
        for (Patch old : previous.hierarchy().level(p.level())) {
          if (old.box().intersects(p.box())) {
            for (Piece piece : previous.piecesOf(old.id())) {
              if (piece.rank() < ranks) {
                cells[piece.rank()] += piece.box().overlapVolume(p.box());
              }
            }
          }
        }
      }
      if (noneOf(cells) && p.level() > 0) {
        Box shadow = p.box().coarsen(h.ratio(p.level() - 1));
        for (int parent : h.parents(p.id())) {
          cells[rankOf.get(parent)] += h.patch(parent).box().overlapVolume(shadow);
        }
      }
      int rank = withData(cells, load[p.level()], p.work(), limit[p.level()]);
      load[p.level()][rank] += p.work();
      rankOf.put(p.id(), rank);
    }
    List<Piece> pieces = new ArrayList<>();
    h.patches().forEach(p -> pieces.add(Piece.whole(p, rankOf.get(p.id()))));
    return Assignment.of(h, ranks, pieces);
  }

  private static boolean noneOf(long[] cells) {
    for (long x : cells) {
      if (x != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The rank holding most of the data that stays within {@code limit} with {@code work} added; else the least
   * loaded rank, a rank holding data first among equally loaded ones (moving the patch would gain nothing).
   */
  private static int withData(long[] cells, double[] load, double work, double limit) {
    int best = -1;
    for (int r = 0; r < cells.length; r++) {
      if (cells[r] > 0 && load[r] + work <= limit && (best < 0 || cells[r] > cells[best])) {
        best = r;
      }
    }
    if (best >= 0) {
      return best;
    }
    best = 0;
    for (int r = 1; r < load.length; r++) {
      boolean less = load[r] < load[best];
      boolean tieWithMoreData = load[r] == load[best] && cells[r] > cells[best];
      if (less || tieWithMoreData) {
        best = r;
      }
    }
    return best;
  }
}
