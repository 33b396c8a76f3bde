package org.amrbalance.mesh.grid;

import java.io.Serializable;
import java.util.List;
import java.util.function.Function;

/**
 * Every way data moves between grid blocks: ghost fill from siblings, parent interpolation, restriction,
 * migration and the reductions of convergence checks all go through here. An in-process implementation
 * holds every rank; a message-passing one holds one. Every rank makes the same calls with the same
 * arguments in the same order (the move lists are computed from the global layout), and the receiver applies
 * all arithmetic, so a rank's result never depends on which rank holds a neighbour.
 */
public interface GridExchange {
  /** Number of ranks of the run. */
  int ranks();

  /** True if this process holds the data of {@code rank}. */
  boolean holds(int rank);

  /**
   * Carries out {@code moves}: for each move whose source rank this process holds, the values of the region
   * are read with {@code reader}; returned, aligned with {@code moves}, are the values of the moves whose
   * destination this process holds (null for the others).
   */
  List<double[]> move(List<CellMove> moves, Function<Block, GridData> reader);

  /** The maximum of {@code value} over all ranks. */
  double maxAll(double value);

  /** The sum of {@code value} over all ranks, added in rank order. */
  double sumAll(double value);

  /** Every process's list, concatenated in rank order. */
  <T extends Serializable> List<T> gatherAll(List<T> local);
}
