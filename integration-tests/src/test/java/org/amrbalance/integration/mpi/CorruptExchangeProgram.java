package org.amrbalance.integration.mpi;

import java.util.List;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.Payload;
import org.amrbalance.mesh.mpi.RankProgram;
import org.amrbalance.mesh.mpi.WireFilter;

/**
 * Every rank sends a grid-sized payload to the next rank; rank 0's bytes to rank 1 are damaged on the way and
 * nobody catches the error: the launch must fail and name it.
 */
public final class CorruptExchangeProgram implements RankProgram {
  @Override
  public void run(Communicator comm, List<String> args) {
    int n = comm.size();
    int me = comm.rank();
    Communicator c = me == 0 ? comm.withWireFilter(WireFilter.flipLastByteTo(1)) : comm;
    int to = (me + 1) % n;
    c.exchange(List.of(Payload.of(me, to, 1000 + me, CollectivesCheckProgram.bytes(me, to, 1))));
    comm.barrier();
  }
}
