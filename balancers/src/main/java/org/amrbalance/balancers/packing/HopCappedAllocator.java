package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;

/**
 * The 2-D inter-grid extension (spec section 13.2, which only sketches it): processor blocks for the
 * children of a level such that each child's block lies within {@code hopCap} hops of its parent's block,
 * reach measured as {@link Block#reachFrom} (the farthest child processor's distance to the nearest parent
 * processor, the 1-D path length X + a of section 13.1 carried to 2-D).
 *
 * <p>The thesis's Ideas 2 and 3 combined: the children are grouped into clusters by parent; the mesh is cut
 * by recursive bisection (Idea 3) along its longer side, clusters ordered by the centre of their parent's
 * block along that side, the cut placed so that each part's processors are in proportion to its clusters'
 * points (and never fewer than its grids). Recursion stops at a region every processor of which is within
 * the cap of every cluster's parent block, or at a single cluster, which is then confined to its region
 * intersected with its parent's block grown by a hops along x and b = cap - a along y (a chosen to give
 * the most processors): every block inside has reach at most the cap (Idea 2). The grids of a region are
 * then packed by TP and scaled onto it. The cap is soft: where a cluster's capped sub-mesh has fewer
 * processors than the cluster has grids, or the clusters cannot be split with enough processors on each
 * side, the grids are packed onto their whole region and counted in {@link SubMeshAllocation#capViolations}.
 * Unless the whole mesh is within the cap, the strict form of Idea 2, each cluster packed inside its own
 * parent's block (reach 0), is also tried when every parent's block has a processor per child; it is kept
 * if the bisection violates the cap or if it gives a lower points-per-processor maximum. A cap at least the
 * mesh diameter reduces to plain packing onto the whole mesh.
 */
@Immutable
final class HopCappedAllocator {
  private final SubMeshAllocator inner;
  private final int hopCap;

  private HopCappedAllocator(SubMeshAllocator inner, int hopCap) {
    this.inner = inner;
    this.hopCap = hopCap;
  }

  public static HopCappedAllocator of(SubMeshAllocator inner, int hopCap) {
    Checks.notNull("inner", inner);
    Checks.check(hopCap >= 0, "hopCap", hopCap, "must be >= 0");
    return new HopCappedAllocator(inner, hopCap);
  }

  public int hopCap() {
    return hopCap;
  }

  /**
   * Blocks for {@code items} on {@code grid}, item id to its parent's block in {@code parentBlock} (items
   * without an entry are free of the cap and join the cluster of their nearest neighbour in the order).
   */
  public SubMeshAllocation allocate(List<Item> items, Map<Integer, Block> parentBlock, ProcessorGrid grid) {
    Checks.notNull("items", items);
    Checks.notNull("parentBlock", parentBlock);
    Checks.check(items.size() <= grid.size(), "items.size", items.size(),
        "grid packing needs at most one grid per processor (" + grid.size() + " on " + grid + ")");
    Map<Block, Cluster> byParent = new LinkedHashMap<>();
    Cluster free = new Cluster(null);
    for (Item i : items) {
      Block b = parentBlock.get(i.id());
      Cluster c = b == null ? free : byParent.computeIfAbsent(b, Cluster::new);
      c.items.add(i);
      c.area += i.area();
    }
    List<Cluster> clusters = new ArrayList<>(byParent.values());
    if (!free.items.isEmpty()) {
      clusters.add(free);
    }
    Result out = new Result();
    Block mesh = Block.of(0, 0, grid.columns(), grid.rows());
    boolean meshWithinCap = true;
    for (Cluster c : clusters) {
      meshWithinCap &= c.parent == null || mesh.reachFrom(c.parent) <= hopCap;
    }
    if (!clusters.isEmpty()) {
      split(mesh, clusters, out);
    }
    Result inside = meshWithinCap ? null : insideParents(clusters, free);
    if (inside != null && (out.violations > 0 || worstLoad(inside, items) < worstLoad(out, items))) {
      out = inside;
    }
    return new SubMeshAllocation(grid, out.packings == 1 ? out.lastPacking : null, out.blocks, out.rotated,
        out.repairRounds, out.fallback, out.violations);
  }

  /**
   * The strict form of Idea 2: every cluster packed inside its own parent's block (reach 0). Parent blocks
   * are disjoint, so are the results. Null if a parent's block has fewer processors than its children or
   * some grid has no parent block.
   */
  @Nullable
  private Result insideParents(List<Cluster> clusters, Cluster free) {
    if (!free.items.isEmpty()) {
      return null;
    }
    for (Cluster c : clusters) {
      if (c.parent == null || c.parent.processors() < c.items.size()) {
        return null;
      }
    }
    Result out = new Result();
    for (Cluster c : clusters) {
      pack(c.parent, List.of(c), out, false);
    }
    return out;
  }

  /** Points per processor of the most loaded grid: the computation term both candidates are judged by. */
  private static double worstLoad(Result r, List<Item> items) {
    double worst = 0;
    for (Item i : items) {
      worst = Math.max(worst, (double) i.area() / r.blocks.get(i.id()).processors());
    }
    return worst;
  }

  private static final class Cluster {
    @Nullable final Block parent;
    final List<Item> items = new ArrayList<>();
    long area;

    Cluster(@Nullable Block parent) {
      this.parent = parent;
    }

    double centre(int axis) {
      return parent == null ? Double.MAX_VALUE
          : axis == 0 ? parent.x() + parent.columns() / 2.0 : parent.y() + parent.rows() / 2.0;
    }
  }

  private static final class Result {
    final Map<Integer, Block> blocks = new LinkedHashMap<>();
    final Map<Integer, Boolean> rotated = new HashMap<>();
    int repairRounds;
    boolean fallback;
    int violations;
    int packings;
    @Nullable Packing lastPacking;
  }

  private void split(Block region, List<Cluster> clusters, Result out) {
    boolean withinCap = true;
    for (Cluster c : clusters) {
      withinCap &= c.parent == null || region.reachFrom(c.parent) <= hopCap;
    }
    if (withinCap) {
      pack(region, clusters, out, false);
      return;
    }
    if (clusters.size() == 1) {
      Cluster c = clusters.get(0);
      Block target = capped(region, c.parent);
      if (target != null && target.processors() >= c.items.size()) {
        pack(target, clusters, out, false);
      } else {
        pack(region, clusters, out, true);
      }
      return;
    }
    int first = region.columns() >= region.rows() ? 0 : 1;
    for (int axis : new int[] {first, 1 - first}) {
      Cut c = cut(region, clusters, axis);
      if (c != null) {
        List<Cluster> sorted = sortedAlong(clusters, axis);
        split(c.low, new ArrayList<>(sorted.subList(0, c.lowClusters)), out);
        split(c.high, new ArrayList<>(sorted.subList(c.lowClusters, sorted.size())), out);
        return;
      }
    }
    pack(region, clusters, out, true);
  }

  private static List<Cluster> sortedAlong(List<Cluster> clusters, int axis) {
    List<Cluster> sorted = new ArrayList<>(clusters);
    sorted.sort(Comparator.comparingDouble((Cluster c) -> c.centre(axis)));
    return sorted;
  }

  /** A bisection: the two parts and how many clusters, in centre order, go to the lower one. */
  private static final class Cut {
    final Block low;
    final Block high;
    final int lowClusters;

    Cut(Block low, Block high, int lowClusters) {
      this.low = low;
      this.high = high;
      this.lowClusters = lowClusters;
    }
  }

  /**
   * {@code region} cut across {@code axis}; null if no cut leaves each part a processor per grid. Among
   * feasible splits the one whose share of the points is nearest one half wins.
   */
  @Nullable
  private static Cut cut(Block region, List<Cluster> clusters, int axis) {
    int len = axis == 0 ? region.columns() : region.rows();
    int across = axis == 0 ? region.rows() : region.columns();
    if (len < 2) {
      return null;
    }
    List<Cluster> sorted = sortedAlong(clusters, axis);
    long total = 0;
    int count = 0;
    for (Cluster c : sorted) {
      total += c.area;
      count += c.items.size();
    }
    Cut best = null;
    double bestDistance = Double.MAX_VALUE;
    long area = 0;
    int lowCount = 0;
    for (int k = 1; k < sorted.size(); k++) {
      area += sorted.get(k - 1).area;
      lowCount += sorted.get(k - 1).items.size();
      double share = total == 0 ? (double) k / sorted.size() : (double) area / total;
      int min = (lowCount + across - 1) / across;
      int max = len - (count - lowCount + across - 1) / across;
      if (min > max || min < 1 || max > len - 1) {
        continue;
      }
      int at = (int) Math.max(min, Math.min(max, Math.round(share * len)));
      double distance = Math.abs(share - 0.5);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = axis == 0
            ? new Cut(Block.of(region.x(), region.y(), at, across),
                Block.of(region.x() + at, region.y(), len - at, across), k)
            : new Cut(Block.of(region.x(), region.y(), across, at),
                Block.of(region.x(), region.y() + at, across, len - at), k);
      }
    }
    return best;
  }

  /** The largest part of {@code region} whose every processor is within the cap of {@code parent}. */
  @Nullable
  private Block capped(Block region, @Nullable Block parent) {
    if (parent == null) {
      return region;
    }
    Block best = null;
    for (int a = 0; a <= hopCap; a++) {
      int b = hopCap - a;
      int x0 = Math.max(0, parent.x() - a);
      int y0 = Math.max(0, parent.y() - b);
      Block grown = Block.of(x0, y0, parent.right() + a - x0, parent.top() + b - y0);
      Block t = region.intersection(grown);
      if (t != null && (best == null || t.processors() > best.processors())) {
        best = t;
      }
      if (a > region.columns() + parent.columns()) {
        break; // growing further along x cannot add processors
      }
    }
    return best;
  }

  private void pack(Block region, List<Cluster> clusters, Result out, boolean violation) {
    List<Item> items = new ArrayList<>();
    for (Cluster c : clusters) {
      items.addAll(c.items);
    }
    if (items.isEmpty()) {
      return;
    }
    SubMeshAllocation part = inner.allocate(items, ProcessorGrid.rowMajor(region.columns(), region.rows()));
    for (Map.Entry<Integer, Block> e : part.blocks().entrySet()) {
      Block b = e.getValue();
      out.blocks.put(e.getKey(), Block.of(region.x() + b.x(), region.y() + b.y(), b.columns(), b.rows()));
      out.rotated.put(e.getKey(), part.rotated(e.getKey()));
    }
    out.repairRounds = Math.max(out.repairRounds, part.repairRounds());
    out.fallback |= part.fallback();
    out.packings++;
    out.lastPacking = part.packing();
    if (violation) {
      for (Cluster c : clusters) {
        if (c.parent != null) {
          for (Item i : c.items) {
            out.violations += out.blocks.get(i.id()).reachFrom(c.parent) > hopCap ? 1 : 0;
          }
        }
      }
    }
  }
}
