package org.amrbalance.balancers.baselines;

import java.util.ArrayList;
import java.util.List;
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
      int count = 0;
      int[] cuts = new int[patches.size()];
      for (int i = 0; i < cuts.length; i++) {
        Patch p = patches.get(i);
        int len = p.box().length(p.box().longestAxis());
        long want = share > 0 ? (long) Math.ceil(p.work() / share) : 1;
        cuts[i] = (int) Math.max(1, Math.min(want, len / options.minPieceEdge()));
        count += cuts[i];
      }
      int[] patchOf = new int[count];
      Box[] slabs = new Box[count];
      double[] work = new double[count];
      int s = 0;
      for (int i = 0; i < cuts.length; i++) {
        Patch p = patches.get(i);
        Box b = p.box();
        int k = cuts[i];
        if (k == 1) { // the whole box, as one slab
          patchOf[s] = p.id();
          slabs[s] = b;
          work[s++] = p.work() * b.volume() / b.volume();
          continue;
        }
        int axis = b.longestAxis();
        int len = b.length(axis);
        for (int j = 0; j < k; j++) {
          int[] lo = b.lo();
          int[] hi = b.hi();
          lo[axis] = b.lo(axis) + (int) ((long) len * j / k);
          hi[axis] = b.lo(axis) + (int) ((long) len * (j + 1) / k) - 1;
          Box slab = Box.of(lo, hi);
          patchOf[s] = p.id();
          slabs[s] = slab;
          work[s++] = p.work() * slab.volume() / b.volume();
        }
      }
      // Heaviest first (by Double.compare, as the boxed works compared), ties by index.
      long[] key = new long[count];
      for (int i = 0; i < count; i++) {
        key[i] = ~IndexOrder.sortable(work[i]);
      }
      int[] order = IndexOrder.byKey(key);
      double[] load = new double[ranks];
      RankHeap least = RankHeap.full(load, below);
      for (int i : order) {
        int r = least.peek();
        pieces.add(Piece.of(patchOf[i], slabs[i], r));
        load[r] += work[i];
        least.update(r);
      }
      for (int r = 0; r < ranks; r++) {
        below[r] += load[r];
      }
    }
    return Assignment.of(h, ranks, pieces);
  }
}
