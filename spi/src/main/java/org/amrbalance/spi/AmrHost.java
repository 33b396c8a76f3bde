package org.amrbalance.spi;

import javax.annotation.Nullable;

/**
 * The hooks a host solver registers (compare Zoltan's query functions): it describes its grids, says
 * where they live, and carries out migrations, packing and unpacking its own grid data. The host reports
 * its step times by calling the balancing service after every synchronized step.
 */
public interface AmrHost {
  /** The grid hierarchy as it is now. */
  Hierarchy hierarchy();

  /** The ranks the host runs on. */
  Machine machine();

  /** The cost model the host wants balancers to use. */
  default CostModel costModel() {
    return CostModel.unit();
  }

  /** Where the host's data lives now; null before anything was placed. */
  @Nullable
  Assignment currentAssignment();

  /**
   * Moves the data exactly as {@code plan.transfers()} say, so that it ends as {@code plan.target()}, and returns
   * what the move cost on this rank in the units of the step times (seconds); the service agrees the cost over the
   * ranks once, through {@link #agreedCost}. If the move fails, the host keeps its data as it was and throws.
   */
  double migrate(MigrationPlan plan);

  /**
   * The cost of a remap that cost {@code localSeconds} on this rank (balancing plus {@link #migrate}) as the
   * trigger should learn it. A distributed host, where every rank runs its own service, returns the maximum over
   * its ranks, so that the triggers on all ranks learn the same cost and go on deciding alike; every rank's service
   * calls it at the same point of the same remap, so it may be a collective. Default: {@code localSeconds}.
   */
  default double agreedCost(double localSeconds) {
    return localSeconds;
  }
}
