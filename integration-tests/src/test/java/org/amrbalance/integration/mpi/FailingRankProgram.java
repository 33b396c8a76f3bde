package org.amrbalance.integration.mpi;

import java.util.List;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.RankProgram;

/**
 * Argument "throw": the last rank throws while the others wait for it in a barrier, forever.
 * Argument "sleep": every rank sleeps far longer than any launch's time limit.
 */
public final class FailingRankProgram implements RankProgram {
  static final String MESSAGE = "the last rank gives up on purpose";

  @Override
  public void run(Communicator comm, List<String> args) throws InterruptedException {
    if (args.get(0).equals("sleep")) {
      Thread.sleep(3_600_000);
    }
    if (comm.rank() == comm.size() - 1) {
      throw new IllegalStateException(MESSAGE);
    }
    comm.barrier();
  }
}
