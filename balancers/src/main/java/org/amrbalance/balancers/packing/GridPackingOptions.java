package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/**
 * Options of the grid-packing balancer: the packing order, how the packing is scaled onto the mesh, the
 * orientation rule, hole pruning, the rounds of side enlargement before the one-processor-per-grid last
 * resort, the inter-grid hop cap (-1: none; a cap applies on mesh and hypercube machines), and whether 1-D
 * hierarchies use the linear inter-grid allocation of section 5.4.1 with packet size S_p (points).
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

  private GridPackingOptions(PackingOrder order, Scaling scaling, OrientationRule rule, boolean pruneHoles,
      int maxRepairRounds, int hopCap, boolean linearInterGrid, double packetSize) {
    this.linearInterGrid = linearInterGrid;
    this.packetSize = packetSize;
    this.order = order;
    this.scaling = scaling;
    this.rule = rule;
    this.pruneHoles = pruneHoles;
    this.maxRepairRounds = maxRepairRounds;
    this.hopCap = hopCap;
  }

  /** Decreasing area, non-uniform scaling, free orientation (the thesis's choices), no pruning, no cap. */
  public static GridPackingOptions defaults() {
    return new GridPackingOptions(PackingOrder.DECREASING_AREA, Scaling.NON_UNIFORM, OrientationRule.FREE, false,
        16, -1, false, 64);
  }

  public GridPackingOptions withOrder(PackingOrder o) {
    return new GridPackingOptions(Checks.notNull("order", o), scaling, rule, pruneHoles, maxRepairRounds,
        hopCap, linearInterGrid, packetSize);
  }

  public GridPackingOptions withScaling(Scaling s) {
    return new GridPackingOptions(order, Checks.notNull("scaling", s), rule, pruneHoles, maxRepairRounds,
        hopCap, linearInterGrid, packetSize);
  }

  public GridPackingOptions withOrientationRule(OrientationRule r) {
    return new GridPackingOptions(order, scaling, Checks.notNull("orientationRule", r), pruneHoles, maxRepairRounds,
        hopCap, linearInterGrid, packetSize);
  }

  public GridPackingOptions withHolePruning(boolean prune) {
    return new GridPackingOptions(order, scaling, rule, prune, maxRepairRounds,
        hopCap, linearInterGrid, packetSize);
  }

  /** Rounds of side enlargement, in [0, 1000]. */
  public GridPackingOptions withMaxRepairRounds(int rounds) {
    Checks.check(rounds >= 0 && rounds <= 1000, "maxRepairRounds", rounds, "must be in [0, 1000]");
    return new GridPackingOptions(order, scaling, rule, pruneHoles, rounds,
        hopCap, linearInterGrid, packetSize);
  }

  /** Hops a child's block may reach beyond its parent's block, in [0, 2^20]; -1 for no cap. */
  public GridPackingOptions withHopCap(int cap) {
    Checks.check(cap >= -1 && cap <= (1 << 20), "hopCap", cap, "must be -1 (no cap) or in [0, 1048576]");
    return new GridPackingOptions(order, scaling, rule, pruneHoles, maxRepairRounds,
        cap, linearInterGrid, packetSize);
  }

  /** 1-D hierarchies use the linear inter-grid allocation of section 5.4.1 instead of packing. */
  public GridPackingOptions withLinearInterGrid(boolean on) {
    return new GridPackingOptions(order, scaling, rule, pruneHoles, maxRepairRounds, hopCap, on, packetSize);
  }

  /** S_p of section 5.4.1, points per message packet, in [1, 2^30]. */
  public GridPackingOptions withPacketSize(double points) {
    Checks.check(Double.isFinite(points) && points >= 1 && points <= (1 << 30), "packetSize", points,
        "must be in [1, 1073741824]");
    return new GridPackingOptions(order, scaling, rule, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        points);
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
        && g.linearInterGrid == linearInterGrid && Double.compare(g.packetSize, packetSize) == 0;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(order, scaling, rule, pruneHoles, maxRepairRounds, hopCap, linearInterGrid,
        packetSize);
  }

  @Override
  public String toString() {
    return "GridPackingOptions[order=" + order + ", scaling=" + scaling + ", rule=" + rule + ", pruneHoles="
        + pruneHoles + ", maxRepairRounds=" + maxRepairRounds + ", hopCap=" + hopCap + ", linearInterGrid="
        + linearInterGrid + ", packetSize=" + packetSize + "]";
  }
}
