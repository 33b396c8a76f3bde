package org.amrbalance.mesh.mpi.mpj;

import java.util.List;
import org.amrbalance.mesh.mpi.RankProgram;

/**
 * The main-method entry of a {@link RankProgram} started by MPJ's own starter on a cluster: initializes MPI, runs
 * the program on the world communicator with the arguments MPJ leaves, and finalizes. Keeps {@code mpi.*} inside
 * this package.
 */
public final class MpjEntry {
  private MpjEntry() {}

  public static void run(String[] args, RankProgram program) throws Exception {
    if (program == null) {
      throw new IllegalArgumentException("program = null: must not be null");
    }
    MpjRuntime mpi = new MpjRuntime();
    String[] mine = mpi.init(args);
    program.run(mpi.world(), List.of(mine));
    mpi.finish();
  }
}
