package org.amrbalance.mesh.mpi.mpj;

import mpi.MPI;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.MpiRuntime;

/** {@link MpiRuntime} over MPJ Express; loaded per rank (public for that loader, not for callers). */
public final class MpjRuntime implements MpiRuntime {
  @Override
  public String[] init(String[] args) {
    return MPI.Init(args);
  }

  @Override
  public int rank() {
    return MPI.COMM_WORLD.Rank();
  }

  @Override
  public Communicator world() {
    return MpjCollectives.world();
  }

  @Override
  public void finish() {
    MPI.Finalize();
  }
}
