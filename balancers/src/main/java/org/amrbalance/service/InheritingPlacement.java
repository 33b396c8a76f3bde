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
 * Places the patches of a new hierarchy where their data already is, without balancing: each patch goes
 * whole to the rank that held most of its cells on the same level before the regrid, else to the rank
 * holding most of its parent cells (the rank that interpolates it), else round-robin. Ties go to the lowest
 * rank. This is what a regrid does when the trigger does not ask for a remap: nothing moves that need not.
 */
public final class InheritingPlacement implements LoadBalancer {
  @Override
  public Assignment balance(BalanceProblem problem) {
    Hierarchy h = problem.hierarchy();
    Assignment previous = problem.previous();
    int ranks = problem.ranks();
    Map<Integer, Integer> rankOf = new HashMap<>();
    int next = 0;
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
      if (isZero(cells) && p.level() > 0) {
        Box shadow = p.box().coarsen(h.ratio(p.level() - 1));
        for (int parent : h.parents(p.id())) {
          cells[rankOf.get(parent)] += h.patch(parent).box().overlapVolume(shadow);
        }
      }
      int rank;
      if (isZero(cells)) {
        rank = next;
        next = (next + 1) % ranks;
      } else {
        rank = argMax(cells);
      }
      rankOf.put(p.id(), rank);
    }
    List<Piece> pieces = new ArrayList<>();
    h.patches().forEach(p -> pieces.add(Piece.whole(p, rankOf.get(p.id()))));
    return Assignment.of(h, ranks, pieces);
  }

  private static boolean isZero(long[] v) {
    for (long x : v) {
      if (x != 0) {
        return false;
      }
    }
    return true;
  }

  private static int argMax(long[] v) {
    int best = 0;
    for (int i = 1; i < v.length; i++) {
      if (v[i] > v[best]) {
        best = i;
      }
    }
    return best;
  }
}
