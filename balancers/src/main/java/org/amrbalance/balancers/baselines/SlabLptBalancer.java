package org.amrbalance.balancers.baselines;

import com.google.inject.Inject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.spi.internal.Checks;

/**
 * The plain baseline of the partitioners: each level on its own, every grid cut across its longest axis into k
 * equal slabs, k = ceil(grid work / (level work / P)) but no slab thinner than the minimum piece edge, then the
 * slabs by LPT (heaviest first to the rank with the least of the level, ties to the least work below, then the
 * lowest rank). Ignores locality: what a cutting balancer must beat.
 */
public final class SlabLptBalancer implements LoadBalancer {
  private final SlabLptOptions options;

  @Inject
  public SlabLptBalancer(SlabLptOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    Hierarchy h = problem.hierarchy();
    int ranks = problem.ranks();
    double[] below = new double[ranks];
    List<Piece> pieces = new ArrayList<>();
    for (int level = 0; level <= h.finestLevel(); level++) {
      List<Patch> patches = h.level(level);
      double share = patches.stream().mapToDouble(Patch::work).sum() / ranks;
      List<Piece> slabs = new ArrayList<>();
      List<Double> work = new ArrayList<>();
      for (Patch p : patches) {
        Box b = p.box();
        int axis = b.longestAxis();
        int len = b.length(axis);
        long want = share > 0 ? (long) Math.ceil(p.work() / share) : 1;
        int k = (int) Math.max(1, Math.min(want, len / options.minPieceEdge()));
        for (int j = 0; j < k; j++) {
          int[] lo = b.lo();
          int[] hi = b.hi();
          lo[axis] = b.lo(axis) + (int) ((long) len * j / k);
          hi[axis] = b.lo(axis) + (int) ((long) len * (j + 1) / k) - 1;
          Box slab = Box.of(lo, hi);
          slabs.add(Piece.of(p.id(), slab, 0));
          work.add(p.work() * slab.volume() / b.volume());
        }
      }
      Integer[] order = new Integer[slabs.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> !work.get(a).equals(work.get(b)) ? Double.compare(work.get(b), work.get(a))
          : Integer.compare(a, b));
      double[] load = new double[ranks];
      PriorityQueue<Integer> least = new PriorityQueue<>((a, b) -> load[a] != load[b] ? Double.compare(load[a],
          load[b]) : below[a] != below[b] ? Double.compare(below[a], below[b]) : Integer.compare(a, b));
      for (int r = 0; r < ranks; r++) {
        least.add(r);
      }
      for (int i : order) {
        int r = least.poll();
        Piece s = slabs.get(i);
        pieces.add(Piece.of(s.patchId(), s.box(), r));
        load[r] += work.get(i);
        least.add(r);
      }
      for (int r = 0; r < ranks; r++) {
        below[r] += load[r];
      }
    }
    return Assignment.of(h, ranks, pieces);
  }
}
