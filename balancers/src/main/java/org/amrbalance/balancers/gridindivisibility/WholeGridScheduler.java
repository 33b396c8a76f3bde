package org.amrbalance.balancers.gridindivisibility;

import java.util.List;
import org.amrbalance.spi.Machine;

/**
 * Places whole grids (tokens with a size, an origin and a hop budget) on the processors of a machine:
 * the family of L1, L2 and L3 of seed 002 §3.6. Deterministic: the same input gives the same placement.
 */
@FunctionalInterface
interface WholeGridScheduler {
  /** The processor of each grid, in the order of {@code grids}. */
  int[] schedule(List<GridToken> grids, Machine machine);

  /**
   * As {@link #schedule(List, Machine)}, told the work the coarser levels already placed on each processor: a
   * scheduler that faces equally good processors takes the one with the least work below (see {@link
   * GenerationDriver}). The default ignores it.
   *
   * @param below work per processor placed by the levels before, read only
   */
  default int[] schedule(List<GridToken> grids, Machine machine, double[] below) {
    return schedule(grids, machine);
  }
}
