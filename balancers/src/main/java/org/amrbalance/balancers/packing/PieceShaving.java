package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Piece;

/**
 * Evens out a level whose pieces were cut on whole cells: while it helps, the most loaded rank gives a corner of
 * one of its pieces to the least loaded rank. The corner holds about half the gap between the two ranks: a slab
 * across the piece's longest axis, or, when that slab would be thinner than {@code minEdge} cells, a column or a
 * cube carved from a {@code minEdge}-thick slab (the rest of the slab stays as further pieces); it comes from the
 * piece whose corner lowers the larger of the two loads most, and only if it lowers it; a piece too small to cut,
 * or smaller than the gap, may move whole if the rank keeps another. When every corner is larger than the gap, the
 * least loaded rank gives a smaller corner back (a swap; Enzo at 1,024 ranks: level-synchronous efficiency 0.896 to
 * 0.908). It stops once the maximum is
 * within {@value #GOOD_ENOUGH} times the average, or after {@code rounds} moves, each O(pieces of the rank + log P).
 */
final class PieceShaving {
  /**
   * The level's maximum at which shaving stops, relative to its average: each move adds a piece, whose faces cost
   * communication, for the last percent of balance.
   */
  static final double GOOD_ENOUGH = 1.02;

  private PieceShaving() {}

  /**
   * The pieces of one level, evened out.
   *
   * @param density work per cell of each patch id
   */
  static List<Piece> shave(List<Piece> pieces, Map<Integer, Double> density, int ranks, int minEdge, int rounds) {
    double[] load = new double[ranks];
    List<List<Piece>> held = new ArrayList<>(ranks);
    for (int r = 0; r < ranks; r++) {
      held.add(new ArrayList<>());
    }
    for (Piece p : pieces) {
      load[p.rank()] += density.get(p.patchId()) * p.box().volume();
      held.get(p.rank()).add(p);
    }
    TreeSet<Integer> byLoad = new TreeSet<>((a, b) -> load[a] != load[b] ? Double.compare(load[a], load[b])
        : Integer.compare(a, b));
    for (int r = 0; r < ranks; r++) {
      byLoad.add(r);
    }
    double average = 0;
    for (double l : load) {
      average += l / ranks;
    }
    for (int round = 0; round < rounds && ranks > 1; round++) {
      int heavy = byLoad.last();
      int light = byLoad.first();
      double gap = load[heavy] - load[light];
      if (!(gap > 0) || load[heavy] <= GOOD_ENOUGH * average) {
        break;
      }
      int best = -1;
      Carve bestCarve = null;
      double bestNewMax = load[heavy];
      List<Piece> mine = held.get(heavy);
      for (int j = 0; j < mine.size(); j++) {
        double dens = density.get(mine.get(j).patchId());
        if (!(dens > 0)) {
          continue;
        }
        Carve c = carve(mine.get(j).box(), gap / 2 / dens, minEdge);
        if (c == null || (mine.size() > 1 && dens * mine.get(j).box().volume() < gap)) {
          c = new Carve(mine.get(j).box(), List.of()); // a piece that cannot be cut, or small enough, moves whole
        }
        double moved = dens * c.moved.volume();
        double newMax = Math.max(load[heavy] - moved, load[light] + moved);
        if (newMax < bestNewMax - 1e-9 * load[heavy]) {
          bestNewMax = newMax;
          best = j;
          bestCarve = c;
        }
      }
      if (best < 0) {
        if (!swap(heavy, light, held, load, byLoad, density, minEdge)) {
          break; // the most loaded rank cannot give anything that helps: the level's maximum stays
        }
        continue;
      }
      Piece p = mine.remove(best);
      double dens = density.get(p.patchId());
      byLoad.remove(heavy);
      byLoad.remove(light);
      load[heavy] -= dens * bestCarve.moved.volume();
      load[light] += dens * bestCarve.moved.volume();
      for (Box keep : bestCarve.kept) {
        mine.add(Piece.of(p.patchId(), keep, heavy));
      }
      held.get(light).add(Piece.of(p.patchId(), bestCarve.moved, light));
      byLoad.add(heavy);
      byLoad.add(light);
    }
    List<Piece> out = new ArrayList<>(pieces.size());
    for (List<Piece> h : held) {
      out.addAll(h);
    }
    return out;
  }

  /**
   * When every corner the heavy rank can give is larger than the gap (a piece under twice the minimum edge on some
   * axis moves at least a column of it), the light rank gives a smaller corner back: the pair whose net move lowers
   * the larger of the two loads most. True if a pair helped and was made.
   */
  private static boolean swap(int heavy, int light, List<List<Piece>> held, double[] load, TreeSet<Integer> byLoad,
      Map<Integer, Double> density, int minEdge) {
    double gap = load[heavy] - load[light];
    List<Piece> mine = held.get(heavy);
    List<Piece> theirs = held.get(light);
    double bestMax = load[heavy] - 1e-9 * load[heavy];
    int bestJ = -1;
    int bestK = -1;
    Carve bestGive = null;
    Carve bestBack = null;
    for (int j = 0; j < mine.size(); j++) {
      double dj = density.get(mine.get(j).patchId());
      Carve give = dj > 0 ? carve(mine.get(j).box(), gap / 2 / dj, minEdge) : null;
      if (give == null) {
        continue;
      }
      double out = dj * give.moved.volume();
      for (int k = 0; k < theirs.size(); k++) {
        double dk = density.get(theirs.get(k).patchId());
        Carve back = dk > 0 ? carve(theirs.get(k).box(), (out - gap / 2) / dk, minEdge) : null;
        if (back == null) {
          continue;
        }
        double in = dk * back.moved.volume();
        double newMax = Math.max(load[heavy] - out + in, load[light] + out - in);
        if (in < out && newMax < bestMax) {
          bestMax = newMax;
          bestJ = j;
          bestK = k;
          bestGive = give;
          bestBack = back;
        }
      }
    }
    if (bestJ < 0) {
      return false;
    }
    Piece p = mine.get(bestJ);
    Piece q = theirs.get(bestK);
    double out = density.get(p.patchId()) * bestGive.moved.volume();
    double in = density.get(q.patchId()) * bestBack.moved.volume();
    mine.remove(bestJ);
    theirs.remove(bestK);
    byLoad.remove(heavy);
    byLoad.remove(light);
    for (Box keep : bestGive.kept) {
      mine.add(Piece.of(p.patchId(), keep, heavy));
    }
    for (Box keep : bestBack.kept) {
      theirs.add(Piece.of(q.patchId(), keep, light));
    }
    theirs.add(Piece.of(p.patchId(), bestGive.moved, light));
    mine.add(Piece.of(q.patchId(), bestBack.moved, heavy));
    load[heavy] += in - out;
    load[light] += out - in;
    byLoad.add(heavy);
    byLoad.add(light);
    return true;
  }

  /** A box cut into the part that moves and the parts that stay. */
  private record Carve(Box moved, List<Box> kept) {}

  /**
   * About {@code cells} cells cut from a corner of {@code box}: a slab across the longest axis that can be cut, or,
   * if that slab would be thinner than {@code minEdge}, a piece carved the same way from the {@code minEdge}-thick
   * slab (a column, then a cube). Null if the box cannot be cut.
   */
  private static Carve carve(Box box, double cells, int minEdge) {
    int axis = -1;
    for (int d = 0; d < box.dim(); d++) {
      if (box.length(d) >= 2 * minEdge && (axis < 0 || box.length(d) > box.length(axis))) {
        axis = d;
      }
    }
    if (axis < 0) {
      return null;
    }
    int len = box.length(axis);
    double plane = box.volume() / (double) len;
    long t = Math.round(cells / plane);
    if (t >= minEdge) {
      t = Math.min(t, len - minEdge);
      Box[] parts = box.split(axis, box.hi(axis) + 1 - (int) t);
      return new Carve(parts[1], List.of(parts[0]));
    }
    Box[] parts = box.split(axis, box.hi(axis) + 1 - minEdge);
    Carve inner = carve(parts[1], cells, minEdge);
    if (inner == null) {
      return new Carve(parts[1], List.of(parts[0]));
    }
    List<Box> kept = new ArrayList<>(inner.kept);
    kept.add(parts[0]);
    return new Carve(inner.moved, kept);
  }
}
