package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import javax.annotation.Nullable;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.spi.Topology;

/**
 * Balances a hierarchy level by level, as the thesis's level-synchronous model implies: the grids of one
 * level are computed together, after the coarser level, so every level is packed onto the whole mesh and
 * the levels share the processors in time. Each grid then gets a block and is cut over it
 * ({@link GridCutter}). With a hop cap, a level's blocks are kept near the blocks of its parents on the
 * level below ({@link HopCappedAllocator}), on the parents' mesh shape; on a hypercube the cap counts hops of
 * the Gray-code embedded mesh, which bound the cube's hops from above (cube hops are the Hamming distance,
 * at most the mesh distance since mesh neighbours are cube neighbours). On a fully connected machine every
 * hop count is 1 and the cap is not applied.
 *
 * <p>A 1-D hierarchy may instead go to the linear inter-grid allocation of section 5.4.1
 * ({@link LinearPipeline}).
 *
 * <p>A level with more grids than processors cannot give each grid its own processor (the grid-partitioning
 * approach needs more processors than grids, section 5.1); such a level falls back to whole grids, largest
 * first, each on the least-loaded rank (by points, ties to the lowest rank).
 */
final class LevelPipeline {
  private final SubMeshAllocator allocator;
  private final int hopCap;
  @Nullable private final LinearPipeline linear;
  /** The thinnest piece of the curve allocation; 0 for the packing allocation. */
  private final int curveMinEdge;

  LevelPipeline(SubMeshAllocator allocator, int hopCap, @Nullable LinearPipeline linear) {
    this(allocator, hopCap, linear, 0);
  }

  /** @param curveMinEdge > 0: every level allocated by {@link CurvePartition} with this minimum piece edge */
  LevelPipeline(SubMeshAllocator allocator, int hopCap, @Nullable LinearPipeline linear, int curveMinEdge) {
    this.allocator = allocator;
    this.hopCap = hopCap;
    this.linear = linear;
    this.curveMinEdge = curveMinEdge;
  }

  Assignment balance(BalanceProblem problem) {
    Hierarchy h = problem.hierarchy();
    if (linear != null && h.dim() == 1) {
      return linear.balance(problem);
    }
    Topology topology = problem.machine().topology();
    List<Piece> pieces = new ArrayList<>();
    Map<Integer, Block> previousLevel = null;
    ProcessorGrid previousGrid = null;
    for (int level = 0; level < h.levelCount(); level++) {
      List<Patch> patches = h.level(level);
      if (patches.isEmpty()) {
        previousLevel = null;
        continue;
      }
      if (curveMinEdge > 0) {
        // Every level starts the curve on rank 0, so that a level's share of a region lies where its parents' is.
        pieces.addAll(CurvePartition.partition(h, patches, problem.ranks(), curveMinEdge, 0));
        continue;
      }
      if (patches.size() > problem.ranks()) {
        pieces.addAll(wholeGridsLeastLoaded(patches, problem.ranks()));
        previousLevel = null;
        continue;
      }
      List<Item> items = new ArrayList<>(patches.size());
      for (Patch p : patches) {
        items.add(GridCutter.itemOf(p));
      }
      SubMeshAllocation a;
      boolean capped = hopCap >= 0 && previousLevel != null
          && (topology instanceof Topology.Mesh || topology instanceof Topology.Hypercube);
      if (capped) {
        Map<Integer, Block> parentBlock = new HashMap<>();
        for (Patch p : patches) {
          int[] parents = h.parents(p.id());
          // A child of several parents is held near the first (lowest id); the others are not constrained.
          if (parents.length > 0 && previousLevel.containsKey(parents[0])) {
            parentBlock.put(p.id(), previousLevel.get(parents[0]));
          }
        }
        // The parents' mesh shape is kept, so that their blocks and the children's share coordinates.
        a = HopCappedAllocator.of(allocator, hopCap).allocate(items, parentBlock, previousGrid);
      } else {
        a = bestShape(items, ProcessorGrid.candidates(topology));
        // Spec 11 leaves the minimum-size repair open: a repaired level's blocks are of the enlarged proxies, so
        // its idle processors go to the grids with the most points per processor (IdleGrowth).
        if (a.repairRounds() != 0 || a.fallback()) {
          a = IdleGrowth.grow(a, items);
        }
      }
      for (Patch p : patches) {
        pieces.addAll(GridCutter.cut(p, a.block(p.id()), a.rotated(p.id()), a.grid()));
      }
      previousLevel = a.blocks();
      previousGrid = a.grid();
    }
    return Assignment.of(h, problem.ranks(), pieces);
  }

  /**
   * Packs for every candidate mesh shape and keeps the one whose packing's W/H is closest to the shape's
   * ratio, as the thesis states for hypercubes (spec section 12), distance measured as |log(W/H) - log R|;
   * ties to the most nearly square shape.
   */
  SubMeshAllocation bestShape(List<Item> items, List<ProcessorGrid> candidates) {
    SubMeshAllocation best = null;
    double bestDistance = Double.MAX_VALUE;
    for (ProcessorGrid g : candidates) {
      SubMeshAllocation a = allocator.allocate(items, g);
      Packing p = a.packing();
      double d = p == null || p.height() == 0 ? 0 : Math.abs(Math.log((double) p.width() / p.height() / g.ratio()));
      if (best == null || d < bestDistance) {
        best = a;
        bestDistance = d;
      }
    }
    return best;
  }

  static List<Piece> wholeGridsLeastLoaded(List<Patch> patches, int ranks) {
    List<Patch> sorted = new ArrayList<>(patches);
    sorted.sort(Comparator.comparingLong(Patch::cells).reversed().thenComparingInt(Patch::id));
    PriorityQueue<long[]> load = new PriorityQueue<>(
        Comparator.<long[]>comparingLong(l -> l[0]).thenComparingLong(l -> l[1]));
    for (int r = 0; r < ranks; r++) {
      load.add(new long[] {0, r});
    }
    List<Piece> out = new ArrayList<>();
    for (Patch p : sorted) {
      long[] least = load.poll();
      out.add(Piece.whole(p, (int) least[1]));
      least[0] += p.cells();
      load.add(least);
    }
    return out;
  }
}
