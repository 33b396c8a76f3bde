package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/**
 * Options of the grid-packing balancer: how a level's grids get their processors ({@link Allocation}: by volume
 * along a curve, or by the thesis's packing), the thinnest piece a cut may make and the solver's ghost width; for
 * the packing allocation, the packing order, how the packing is scaled onto the mesh, the orientation rule, hole
 * pruning, the rounds of side enlargement before the one-processor-per-grid last resort, the inter-grid hop cap
 * (-1: none; a cap applies on mesh and hypercube machines); and whether 1-D hierarchies use the linear inter-grid
 * allocation of section 5.4.1 with packet size S_p (points).
 */
@Immutable
public final class GridPackingOptions {
  private final PackingOrder order;
  private final Scaling scaling;
  private final OrientationRule rule;
  private final boolean pruneHoles;
  private final int maxRepairRounds;
  private final int hopCap;
  private final boolean linearInterGrid;
  private final double packetSize;
  private final Allocation allocation;
  private final int minPieceEdge;
  private final int ghostWidth;

  /**
   * 4 cells: Enzo's default MinimumSubgridEdge and a blocking factor AMReX accepts, twice the default ghost width
   * so that a piece takes its ghost cells from its face neighbours. With 8 (AMReX's default blocking factor) the
   * coarse levels of deep hierarchies cannot be cut for 1,024 ranks (Enzo's 32^3 root grid makes 64 pieces of 8^3);
   * {@code docs/grid-packing.md} shows both.
   */
  public static final int DEFAULT_MIN_PIECE_EDGE = 4;
  /** 2 cells, the ghost width of second-order stencils. */
  public static final int DEFAULT_GHOST_WIDTH = 2;

  private GridPackingOptions(PackingOrder order, Scaling scaling, OrientationRule rule, boolean pruneHoles,
      int maxRepairRounds, int hopCap, boolean linearInterGrid, double packetSize, Allocation allocation,
      int minPieceEdge, int ghostWidth) {
    this.allocation = allocation;
    this.minPieceEdge = minPieceEdge;
    this.ghostWidth = ghostWidth;
    this.linearInterGrid = linearInterGrid;
    this.packetSize = packetSize;
    this.order = order;
    this.scaling = scaling;
    this.rule = rule;
    this.pruneHoles = pruneHoles;
    this.maxRepairRounds = maxRepairRounds;
    this.hopCap = hopCap;
  }

  /**
   * Allocation by volume along a curve, minimum piece edge 4, ghost width 2; for the packing allocation decreasing
   * area, non-uniform scaling, free orientation (the thesis's choices), no pruning, no cap.
   */
  public static GridPackingOptions defaults() {
    return new GridPackingOptions(PackingOrder.DECREASING_AREA, Scaling.NON_UNIFORM, OrientationRule.FREE, false,
        16, -1, false, 64, Allocation.CURVE, DEFAULT_MIN_PIECE_EDGE, DEFAULT_GHOST_WIDTH);
  }

  public GridPackingOptions withOrder(PackingOrder o) {
    return new GridPackingOptions(Checks.notNull("order", o), scaling, rule, pruneHoles, maxRepairRounds,
        hopCap, linearInterGrid, packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withScaling(Scaling s) {
    return new GridPackingOptions(order, Checks.notNull("scaling", s), rule, pruneHoles, maxRepairRounds,
        hopCap, linearInterGrid, packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withOrientationRule(OrientationRule r) {
    return new GridPackingOptions(order, scaling, Checks.notNull("orientationRule", r), pruneHoles, maxRepairRounds,
        hopCap, linearInterGrid, packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withHolePruning(boolean prune) {
    return new GridPackingOptions(order, scaling, rule, prune, maxRepairRounds,
        hopCap, linearInterGrid, packetSize, allocation, minPieceEdge, ghostWidth);
  }

  /** Rounds of side enlargement, in [0, 1000]. */
  public GridPackingOptions withMaxRepairRounds(int rounds) {
    Checks.check(rounds >= 0 && rounds <= 1000, "maxRepairRounds", rounds, "must be in [0, 1000]");
    return new GridPackingOptions(order, scaling, rule, pruneHoles, rounds,
        hopCap, linearInterGrid, packetSize, allocation, minPieceEdge, ghostWidth);
  }

  /** Hops a child's block may reach beyond its parent's block, in [0, 2^20]; -1 for no cap. */
  public GridPackingOptions withHopCap(int cap) {
    Checks.check(cap >= -1 && cap <= (1 << 20), "hopCap", cap, "must be -1 (no cap) or in [0, 1048576]");
    return new GridPackingOptions(order, scaling, rule, pruneHoles, maxRepairRounds,
        cap, linearInterGrid, packetSize, allocation, minPieceEdge, ghostWidth);
  }

  /** 1-D hierarchies use the linear inter-grid allocation of section 5.4.1 instead of packing. */
  public GridPackingOptions withLinearInterGrid(boolean on) {
    return new GridPackingOptions(order, scaling, rule, pruneHoles, maxRepairRounds, hopCap, on, packetSize, allocation, minPieceEdge,
        ghostWidth);
  }

  /** S_p of section 5.4.1, points per message packet, in [1, 2^30]. */
  public GridPackingOptions withPacketSize(double points) {
    Checks.check(Double.isFinite(points) && points >= 1 && points <= (1 << 30), "packetSize", points,
        "must be in [1, 1073741824]");
    return new GridPackingOptions(order, scaling, rule, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        points, allocation, minPieceEdge, ghostWidth);
  }

  /** How a level's grids get their processors; {@link Allocation#CURVE} by default. */
  public GridPackingOptions withAllocation(Allocation a) {
    return new GridPackingOptions(order, scaling, rule, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        packetSize, Checks.notNull("allocation", a), minPieceEdge, ghostWidth);
  }

  /** The thinnest piece a cut may make along an axis it cuts, in cells, in [1, 2^20]. */
  public GridPackingOptions withMinPieceEdge(int cells) {
    Checks.check(cells >= 1 && cells <= (1 << 20), "minPieceEdge", cells, "must be in [1, 1048576]");
    return new GridPackingOptions(order, scaling, rule, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        packetSize, allocation, cells, ghostWidth);
  }

  /**
   * The solver's ghost width in cells, in [0, 2^20]: no piece is cut thinner than it, so that a piece's ghost cells
   * come from its face neighbours.
   */
  public GridPackingOptions withGhostWidth(int cells) {
    Checks.check(cells >= 0 && cells <= (1 << 20), "ghostWidth", cells, "must be in [0, 1048576]");
    return new GridPackingOptions(order, scaling, rule, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        packetSize, allocation, minPieceEdge, cells);
  }

  public Allocation allocation() {
    return allocation;
  }

  public int minPieceEdge() {
    return minPieceEdge;
  }

  public int ghostWidth() {
    return ghostWidth;
  }

  /** The thinnest piece a cut may make: the larger of the minimum piece edge and the ghost width. */
  public int effectiveMinEdge() {
    return Math.max(minPieceEdge, ghostWidth);
  }

  public boolean linearInterGrid() {
    return linearInterGrid;
  }

  public double packetSize() {
    return packetSize;
  }

  public PackingOrder order() {
    return order;
  }

  public Scaling scaling() {
    return scaling;
  }

  public OrientationRule orientationRule() {
    return rule;
  }

  public boolean pruneHoles() {
    return pruneHoles;
  }

  public int maxRepairRounds() {
    return maxRepairRounds;
  }

  public int hopCap() {
    return hopCap;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GridPackingOptions g && g.order == order && g.scaling == scaling && g.rule == rule
        && g.pruneHoles == pruneHoles && g.maxRepairRounds == maxRepairRounds && g.hopCap == hopCap
        && g.linearInterGrid == linearInterGrid && Double.compare(g.packetSize, packetSize) == 0
        && g.allocation == allocation && g.minPieceEdge == minPieceEdge && g.ghostWidth == ghostWidth;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(order, scaling, rule, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        packetSize, allocation, minPieceEdge, ghostWidth);
  }

  @Override
  public String toString() {
    return "GridPackingOptions[order=" + order + ", scaling=" + scaling + ", rule=" + rule + ", pruneHoles="
        + pruneHoles + ", maxRepairRounds=" + maxRepairRounds + ", hopCap=" + hopCap + ", linearInterGrid="
        + linearInterGrid + ", packetSize=" + packetSize + ", allocation=" + allocation + ", minPieceEdge="
        + minPieceEdge + ", ghostWidth=" + ghostWidth + "]";
  }
}
