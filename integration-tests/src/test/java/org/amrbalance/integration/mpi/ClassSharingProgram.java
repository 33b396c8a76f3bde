package org.amrbalance.integration.mpi;

import java.util.List;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.RankProgram;

/**
 * Prints, for every rank, which copy of a solver class and of the communicator's class it runs ({@link
 * System#identityHashCode} of the classes), after a sum over the ranks that proves MPI works with either copy.
 */
public final class ClassSharingProgram implements RankProgram {
  static final String PREFIX = "class-sharing ";

  @Override
  public void run(Communicator comm, List<String> args) {
    double sum = comm.allReduceSum(comm.rank() + 1.0);
    // Printed one rank after the other, so that lines never interleave.
    for (int r = 0; r < comm.size(); r++) {
      if (r == comm.rank()) {
        System.out.println(PREFIX + "rank=" + comm.rank() + " sum=" + sum + " solver="
            + System.identityHashCode(GridData.class) + " communicator=" + System.identityHashCode(comm.getClass()));
      }
      comm.barrier();
    }
  }
}
