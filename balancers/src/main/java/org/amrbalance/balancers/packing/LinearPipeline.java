package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.CostModel;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.spi.Topology;

/**
 * Balances a 1-D hierarchy with the inter-grid extension of section 5.4.1 ({@link LinearAllocator}) instead
 * of packing. The processors are laid out as a linear array in which consecutive positions are neighbours:
 * a mesh row by row, reversing direction every row; a hypercube in reflected Gray-code order; a fully
 * connected machine in rank order. Level by level, each grid's sources are the positions of the pieces of its
 * first parent that lie under it (for level 0, the position proportional to where the grid starts in the
 * domain); the allocator gives it an interval, over which it is cut into min(cells, processors) segments.
 */
final class LinearPipeline {
  private final double packetSize;
  private final double intraGridCost;

  LinearPipeline(double packetSize, double intraGridCost) {
    this.packetSize = packetSize;
    this.intraGridCost = intraGridCost;
  }

  Assignment balance(BalanceProblem problem) {
    Hierarchy h = problem.hierarchy();
    Checks.check(h.dim() == 1, "hierarchy.dim", h.dim(), "the linear inter-grid allocation is for 1-D hierarchies");
    int n = problem.ranks();
    int[] rankAt = linearOrder(problem.machine().topology());
    int[] positionOf = new int[n];
    for (int i = 0; i < n; i++) {
      positionOf[rankAt[i]] = i;
    }
    CostModel cost = problem.costModel();
    // U_comm may be 0 in a cost model; the allocator needs it positive (then X* is simply as large as allowed).
    LinearAllocator allocator = LinearAllocator.of(cost.computePerPoint(), Math.max(cost.sendPerPointHop(), 1e-12),
        packetSize, intraGridCost);
    List<Piece> pieces = new ArrayList<>();
    Map<Integer, List<Piece>> piecesOf = new HashMap<>();
    for (int level = 0; level < h.levelCount(); level++) {
      List<Patch> patches = h.level(level);
      if (patches.size() > n) {
        List<Piece> whole = LevelPipeline.wholeGridsLeastLoaded(patches, n);
        whole.forEach(p -> piecesOf.computeIfAbsent(p.patchId(), k -> new ArrayList<>()).add(p));
        pieces.addAll(whole);
        continue;
      }
      Box domain = h.domainAt(level);
      List<LinearAllocator.Grid> grids = new ArrayList<>(patches.size());
      for (Patch p : patches) {
        int lo = Integer.MAX_VALUE;
        int hi = -1;
        int[] parents = h.parents(p.id());
        if (level > 0 && parents.length > 0) {
          Box shadow = p.box().coarsen(h.ratio(level - 1));
          for (Piece q : piecesOf.getOrDefault(parents[0], List.of())) {
            if (q.box().intersects(shadow)) {
              lo = Math.min(lo, positionOf[q.rank()]);
              hi = Math.max(hi, positionOf[q.rank()]);
            }
          }
        }
        if (hi < 0) {
          lo = (int) ((long) n * (p.box().lo(0) - domain.lo(0)) / domain.length(0));
          hi = lo;
        }
        grids.add(LinearAllocator.Grid.of(p.cells(), lo, hi - lo + 1));
      }
      LinearAllocator.Result r = allocator.allocate(grids, n);
      for (int j = 0; j < patches.size(); j++) {
        Patch p = patches.get(j);
        int segments = (int) Math.min(p.cells(), r.processors(j));
        List<Piece> own = new ArrayList<>(segments);
        long len = p.box().length(0);
        for (int k = 0; k < segments; k++) {
          int a = p.box().lo(0) + (int) (len * k / segments);
          int b = p.box().lo(0) + (int) (len * (k + 1) / segments) - 1;
          own.add(Piece.of(p.id(), Box.of1d(a, b), rankAt[r.left(j) + k]));
        }
        piecesOf.put(p.id(), own);
        pieces.addAll(own);
      }
    }
    return Assignment.of(h, n, pieces);
  }

  /** Rank at each position of a linear array whose consecutive positions are neighbours. */
  static int[] linearOrder(Topology t) {
    int n = t.size();
    int[] rank = new int[n];
    for (int i = 0; i < n; i++) {
      if (t instanceof Topology.Mesh m) {
        int row = i / m.p();
        int col = row % 2 == 0 ? i % m.p() : m.p() - 1 - i % m.p();
        rank[i] = m.rankAt(col, row);
      } else if (t instanceof Topology.Hypercube) {
        rank[i] = GrayCode.code(i);
      } else {
        rank[i] = i;
      }
    }
    return rank;
  }
}
