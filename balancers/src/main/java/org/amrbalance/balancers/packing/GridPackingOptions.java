package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Options of the grid-packing balancer: how a level's grids get their processors ({@link Allocation}: by volume
 * along a curve, or by the thesis's packing), the thinnest piece a cut may make and the solver's ghost width; for
 * the packing allocation, the packing order, how the packing is scaled onto the mesh, the orientation rule, hole
 * pruning, the rounds of side enlargement before the one-processor-per-grid last resort, the inter-grid hop cap
 * (-1: none; a cap applies on mesh and hypercube machines); and whether 1-D hierarchies use the linear inter-grid
 * allocation of section 5.4.1 with packet size S_p (points).
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record GridPackingOptions(PackingOrder order, Scaling scaling, OrientationRule orientationRule,
    boolean pruneHoles, int maxRepairRounds, int hopCap, boolean linearInterGrid, double packetSize,
    Allocation allocation, int minPieceEdge, int ghostWidth) {
  /** Which orientations TP may try at a corner. */
  public enum OrientationRule {
    /** Both orientations at every corner (spec section 6.3, correction 2): the TP of the experiments. */
    FREE,
    /**
     * The modified TP of the worst-case bounds (spec section 8.1): at a corner (x, y) a grid lies with its long
     * side horizontal if x &lt; R·y, vertical if x &gt; R·y, either if x = R·y.
     */
    DIAGONAL
  }

  /**
   * 4 cells: Enzo's default MinimumSubgridEdge and a blocking factor AMReX accepts, twice the default ghost width
   * so that a piece takes its ghost cells from its face neighbours. With 8 (AMReX's default blocking factor) the
   * coarse levels of deep hierarchies cannot be cut for 1,024 ranks (Enzo's 32^3 root grid makes 64 pieces of 8^3);
   * {@code docs/grid-packing.md} shows both.
   */
  public static final Option<Allocation> ALLOCATION = Option.choice("allocation", Allocation.CURVE,
      "curve (by volume along a Hilbert curve, every axis cut) or packing (the thesis's TP packing of x-y footprints)");
  public static final Option<Integer> MIN_PIECE_EDGE = Option.integer("min-piece-edge", 4, 1, 1 << 20,
      "thinnest piece a cut may make, cells");
  public static final Option<Integer> GHOST_WIDTH = Option.integer("ghost-width", 2, 0, 1 << 20,
      "the solver's ghost width: no piece is cut thinner, cells");
  public static final Option<PackingOrder> ORDER = Option.choice("order", PackingOrder.DECREASING_AREA,
      "the order grids are packed in");
  public static final Option<Scaling> SCALING = Option.choice("scaling", Scaling.NON_UNIFORM,
      "how the packing is scaled onto the mesh");
  public static final Option<OrientationRule> ORIENTATION = Option.choice("orientation", OrientationRule.FREE,
      "how a grid's orientation is chosen");
  public static final Option<Boolean> PRUNE_HOLES = Option.flag("prune-holes", false,
      "drop corners too small for any remaining grid");
  public static final Option<Integer> MAX_REPAIR_ROUNDS = Option.integer("max-repair-rounds", 16, 0, 1000,
      "rounds of side enlargement before one processor per grid");
  public static final Option<Integer> HOP_CAP = Option.integer("hop-cap", -1, -1, 1 << 20,
      "hops a child's block may reach beyond its parent's (packing allocation), -1 for none");
  public static final Option<Boolean> LINEAR_INTER_GRID = Option.flag("linear-inter-grid", false,
      "1-D hierarchies use the section 5.4.1 allocation");
  public static final Option<Double> PACKET_SIZE = Option.number("packet-size", 64, 1, 1 << 30,
      "S_p, points per packet for the 1-D allocation");
  public static final int DEFAULT_MIN_PIECE_EDGE = MIN_PIECE_EDGE.defaultValue();
  /** 2 cells, the ghost width of second-order stencils. */
  public static final int DEFAULT_GHOST_WIDTH = GHOST_WIDTH.defaultValue();

  public GridPackingOptions {
    Checks.notNull("order", order);
    Checks.notNull("scaling", scaling);
    Checks.notNull("orientationRule", orientationRule);
    MAX_REPAIR_ROUNDS.check(maxRepairRounds);
    HOP_CAP.check(hopCap);
    PACKET_SIZE.check(packetSize);
    Checks.notNull("allocation", allocation);
    MIN_PIECE_EDGE.check(minPieceEdge);
    GHOST_WIDTH.check(ghostWidth);
  }

  /**
   * Allocation by volume along a curve, minimum piece edge 4, ghost width 2; for the packing allocation decreasing
   * area, non-uniform scaling, free orientation (the thesis's choices), no pruning, no cap.
   */
  public static GridPackingOptions defaults() {
    return new GridPackingOptions(ORDER.defaultValue(), SCALING.defaultValue(), ORIENTATION.defaultValue(),
        PRUNE_HOLES.defaultValue(), MAX_REPAIR_ROUNDS.defaultValue(), HOP_CAP.defaultValue(),
        LINEAR_INTER_GRID.defaultValue(), PACKET_SIZE.defaultValue(), ALLOCATION.defaultValue(),
        DEFAULT_MIN_PIECE_EDGE, DEFAULT_GHOST_WIDTH);
  }

  public GridPackingOptions withOrder(PackingOrder o) {
    return new GridPackingOptions(o, scaling, orientationRule, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withScaling(Scaling s) {
    return new GridPackingOptions(order, s, orientationRule, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withOrientationRule(OrientationRule r) {
    return new GridPackingOptions(order, scaling, r, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withHolePruning(boolean prune) {
    return new GridPackingOptions(order, scaling, orientationRule, prune, maxRepairRounds, hopCap, linearInterGrid,
        packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withMaxRepairRounds(int rounds) {
    return new GridPackingOptions(order, scaling, orientationRule, pruneHoles, rounds, hopCap, linearInterGrid,
        packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withHopCap(int cap) {
    return new GridPackingOptions(order, scaling, orientationRule, pruneHoles, maxRepairRounds, cap, linearInterGrid,
        packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withLinearInterGrid(boolean on) {
    return new GridPackingOptions(order, scaling, orientationRule, pruneHoles, maxRepairRounds, hopCap, on,
        packetSize, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withPacketSize(double points) {
    return new GridPackingOptions(order, scaling, orientationRule, pruneHoles, maxRepairRounds, hopCap,
        linearInterGrid, points, allocation, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withAllocation(Allocation a) {
    return new GridPackingOptions(order, scaling, orientationRule, pruneHoles, maxRepairRounds, hopCap,
        linearInterGrid, packetSize, a, minPieceEdge, ghostWidth);
  }

  public GridPackingOptions withMinPieceEdge(int cells) {
    return new GridPackingOptions(order, scaling, orientationRule, pruneHoles, maxRepairRounds, hopCap,
        linearInterGrid, packetSize, allocation, cells, ghostWidth);
  }

  public GridPackingOptions withGhostWidth(int cells) {
    return new GridPackingOptions(order, scaling, orientationRule, pruneHoles, maxRepairRounds, hopCap,
        linearInterGrid, packetSize, allocation, minPieceEdge, cells);
  }

  /** The thinnest piece a cut may make: the larger of the minimum piece edge and the ghost width. */
  public int effectiveMinEdge() {
    return Math.max(minPieceEdge, ghostWidth);
  }
}
