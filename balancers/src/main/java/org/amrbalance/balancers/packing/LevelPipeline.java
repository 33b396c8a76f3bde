package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    long[] cells = new long[patches.size()]; // a box's volume is a product: computed once
    for (int i = 0; i < cells.length; i++) {
      cells[i] = patches.get(i).cells();
    }
    int[] order = largestFirst(patches, cells);
    // A binary heap of ranks by (load, rank), on primitives: a level of a million grids spent most of its time in
    // boxed comparisons.
    long[] load = new long[ranks];
    int[] heap = new int[ranks];
    for (int r = 0; r < ranks; r++) {
      heap[r] = r; // all loads 0: rank order is a heap
    }
    List<Piece> out = new ArrayList<>(patches.size());
    for (int i : order) {
      Patch p = patches.get(i);
      int least = heap[0];
      out.add(Piece.whole(p, least));
      load[least] += cells[i];
      int at = 0; // sift the grown top down
      while (2 * at + 1 < ranks) {
        int child = 2 * at + 1;
        if (child + 1 < ranks && lighter(heap[child + 1], heap[child], load)) {
          child++;
        }
        if (!lighter(heap[child], least, load)) {
          break;
        }
        heap[at] = heap[child];
        at = child;
      }
      heap[at] = least;
    }
    return out;
  }

  private static boolean lighter(int a, int b, long[] load) {
    return load[a] != load[b] ? load[a] < load[b] : a < b;
  }

  /** Indices of {@code patches} by cells descending, then id ascending. */
  private static int[] largestFirst(List<Patch> patches, long[] cells) {
    int n = patches.size();
    long[] key = new long[n];
    boolean packs = true; // cells below 2^32 and ids ascending: (cells, index) packs into a long in the same order
    for (int i = 0; i < n && packs; i++) {
      packs = cells[i] < 1L << 32 && (i == 0 || patches.get(i - 1).id() < patches.get(i).id());
      key[i] = (0xFFFF_FFFFL - cells[i]) << 31 | i;
    }
    int[] order = new int[n];
    if (packs) {
      Arrays.sort(key);
      for (int k = 0; k < n; k++) {
        order[k] = (int) (key[k] & Integer.MAX_VALUE);
      }
      return order;
    }
    Integer[] boxed = new Integer[n];
    for (int i = 0; i < n; i++) {
      boxed[i] = i;
    }
    Arrays.sort(boxed, Comparator.comparingLong((Integer i) -> cells[i]).reversed()
        .thenComparingInt(i -> patches.get(i).id()));
    for (int k = 0; k < n; k++) {
      order[k] = boxed[k];
    }
    return order;
  }
}
