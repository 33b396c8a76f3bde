package org.amrbalance.mesh.mpi;

import java.util.List;

/**
 * The code each rank runs when started by {@link MpjLauncher}. An implementation needs a public no-argument
 * constructor; one instance is made per rank. Throwing fails the launch, with the exception reported for this rank.
 */
@FunctionalInterface
public interface RankProgram {
  void run(Communicator comm, List<String> args) throws Exception;
}
