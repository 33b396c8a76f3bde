package org.amrbalance.spi;

import java.util.Objects;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * The cost model of the grid-indivisibility chapter (seed 002, §3.2): computing a point costs
 * {@code U_comp}, sending one point value one hop costs {@code U_comm}, links are contention-free. A
 * child grid exchanges with its parent its boundary points (interpolated values down) and all its points
 * (the solution projected up); the thesis's experiments drop the boundary term, which
 * {@link #withBoundaryInInterGrid(boolean)} reproduces. The remap-cost estimate is what a trigger assumes
 * before the first remap has been measured.
 */
@Immutable
public final class CostModel {
  private final double computePerPoint;
  private final double sendPerPointHop;
  private final boolean boundaryInInterGrid;
  private final double remapCostEstimate;

  private CostModel(double computePerPoint, double sendPerPointHop, boolean boundaryInInterGrid,
      double remapCostEstimate) {
    this.computePerPoint = computePerPoint;
    this.sendPerPointHop = sendPerPointHop;
    this.boundaryInInterGrid = boundaryInInterGrid;
    this.remapCostEstimate = remapCostEstimate;
  }

  /** U_comp = U_comm = 1, boundary term included, no remap-cost estimate. */
  public static CostModel unit() {
    return new CostModel(1, 1, true, 0);
  }

  public static CostModel of(double computePerPoint, double sendPerPointHop) {
    Checks.finitePositive("computePerPoint", computePerPoint);
    Checks.finiteNonNegative("sendPerPointHop", sendPerPointHop);
    return new CostModel(computePerPoint, sendPerPointHop, true, 0);
  }

  public CostModel withBoundaryInInterGrid(boolean include) {
    return new CostModel(computePerPoint, sendPerPointHop, include, remapCostEstimate);
  }

  public CostModel withRemapCostEstimate(double estimate) {
    Checks.finiteNonNegative("remapCostEstimate", estimate);
    return new CostModel(computePerPoint, sendPerPointHop, boundaryInInterGrid, estimate);
  }

  /** U_comp: cost of one unit of patch work. */
  public double computePerPoint() {
    return computePerPoint;
  }

  /** U_comm: cost of sending one point value across one link. */
  public double sendPerPointHop() {
    return sendPerPointHop;
  }

  /** Whether a child's parent traffic counts its boundary points B_a besides its points M_a. */
  public boolean boundaryInInterGrid() {
    return boundaryInInterGrid;
  }

  public double remapCostEstimate() {
    return remapCostEstimate;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CostModel c
        && Double.compare(c.computePerPoint, computePerPoint) == 0
        && Double.compare(c.sendPerPointHop, sendPerPointHop) == 0
        && c.boundaryInInterGrid == boundaryInInterGrid
        && Double.compare(c.remapCostEstimate, remapCostEstimate) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(computePerPoint, sendPerPointHop, boundaryInInterGrid, remapCostEstimate);
  }

  @Override
  public String toString() {
    return "CostModel[U_comp=" + computePerPoint + ", U_comm=" + sendPerPointHop + ", boundary="
        + boundaryInInterGrid + ", remapCostEstimate=" + remapCostEstimate + "]";
  }
}
