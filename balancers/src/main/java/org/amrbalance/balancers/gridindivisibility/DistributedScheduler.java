package org.amrbalance.balancers.gridindivisibility;

import java.util.List;
import java.util.SortedMap;
import org.amrbalance.spi.parallel.Collectives;

/**
 * A distributed form of L1: called on every rank of a group with the grids that rank holds (their origin
 * is that rank), it returns on every rank the final processor of every grid of the group, by id. Each form
 * gives the placement of {@link RecursiveHalvingScheduler} on the union of the grids.
 */
interface DistributedScheduler {
  SortedMap<Integer, Integer> run(Collectives group, List<GridToken> local, HalvingPlan plan);
}
