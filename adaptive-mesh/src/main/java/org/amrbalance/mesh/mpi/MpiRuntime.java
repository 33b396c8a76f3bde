package org.amrbalance.mesh.mpi;

/**
 * MPI as one rank sees it: what {@link MpjRankMain} needs, without naming a class of MPJ Express. Its one
 * implementation ({@code mesh.mpi.mpj.MpjRuntime}) is loaded by {@link #forThisRank} apart for each rank, so that
 * MPJ's per-rank state stays per rank while the solver's classes, shared by the ranks of one JVM, are loaded and
 * compiled once.
 */
public interface MpiRuntime {
  /** {@code MPI.Init}: returns the arguments that follow MPJ's own. */
  String[] init(String[] args);

  /** This rank's number in the world communicator (after {@link #init}). */
  int rank();

  /** The world communicator (after {@link #init}). */
  Communicator world();

  /** {@code MPI.Finalize}. */
  void finish();

  /** The MPJ binding of the calling rank's thread (see {@link RankClassLoader}). */
  static MpiRuntime forThisRank() {
    return RankClassLoader.runtime();
  }
}
