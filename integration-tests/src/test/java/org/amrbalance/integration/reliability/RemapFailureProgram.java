package org.amrbalance.integration.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.RankProgram;
import org.amrbalance.mesh.runtime.DistributedLaplace;
import org.amrbalance.mesh.runtime.RemapFailedException;
import org.amrbalance.mesh.runtime.RemapFault;
import org.amrbalance.mesh.runtime.RunOptions;
import org.amrbalance.mesh.runtime.Snapshot;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Piece;

/**
 * Runs on every rank; the argument names the phase (PACK, SEND, UNPACK, STALL) in which rank 1 fails during
 * remaps. First a remap that moves every piece to the next rank fails and is undone (per-patch CRC32 compared
 * before and after); then the moving example with a remap at every regrid, every one of which fails, runs to the
 * end and its solution is compared with a run without faults. For STALL, rank 1 holds its first move of each remap
 * back until the other ranks have given up on it (at most {@link #STALL}) and the remap timeout is {@link #TIMEOUT}
 * (in every run, the run without faults included). Rank 0 prints the outcome.
 */
public final class RemapFailureProgram implements RankProgram {
  static final RunOptions RUN = RunOptions.defaults().withLmax(2).withSweepsPerStep(4).withSteps(6)
      .withBalancer("round-robin").withTrigger("every-regrid");
  static final String OK = "remap failures undone: ";
  static final Duration TIMEOUT = Duration.ofSeconds(1);
  /** An upper bound only: a stalled rank resumes as soon as every other rank has given up on it. */
  static final Duration STALL = Duration.ofSeconds(40);

  @Override
  public void run(Communicator comm, List<String> args) {
    Thread.currentThread().setContextClassLoader(RemapFailureProgram.class.getClassLoader());
    RemapFault.Phase phase = RemapFault.Phase.valueOf(args.get(0));
    RemapFault strikes = (p, move, tag) -> p == phase && move.fromRank() != move.toRank()
        && (phase == RemapFault.Phase.UNPACK ? move.toRank() == 1 : move.fromRank() == 1);
    RemapFault fault = strikes.stallingFor(STALL);
    RunOptions run = phase == RemapFault.Phase.STALL ? RUN.withRemapTimeout(TIMEOUT) : RUN;
    int n = comm.size();

    DistributedLaplace one = DistributedLaplace.start(comm, run.withTrigger("never"));
    one.recoverFailedRemaps(true);
    one.step();
    Snapshot before = one.snapshot(0);
    Assignment a = one.solver().assignment();
    List<Piece> shifted = new ArrayList<>();
    for (Piece p : a.pieces()) {
      shifted.add(Piece.of(p.patchId(), p.box(), (p.rank() + 1) % n));
    }
    if (comm.rank() == 1) {
      one.exchange().injectFaults(fault);
    }
    String error;
    try {
      one.migrateTo(Assignment.of(a.hierarchy(), n, shifted));
      throw new IllegalStateException("the remap with a fault on rank 1 did not fail");
    } catch (RemapFailedException e) {
      error = e.getMessage();
    }
    if (!one.solver().assignment().equals(a)) {
      throw new IllegalStateException("rank " + comm.rank() + ": the assignment changed by a failed remap");
    }
    Snapshot after = one.snapshot(0);

    Outcome clean = runToEnd(comm, run, null);
    Outcome faulty = runToEnd(comm, run, d -> {
      if (comm.rank() == 1) {
        d.exchange().injectFaults(fault);
      }
    });
    if (comm.rank() == 0) {
      Map<Integer, Long> crc = before.checksums();
      System.out.println(OK + phase + ": " + crc.size() + " patches, checksums "
          + (crc.equals(after.checksums()) ? "equal" : "DIFFERENT") + "; " + faulty.failed().size()
          + " failed remaps in the run, the trigger told of " + faulty.told() + ", max difference "
          + faulty.snapshot().maxDifference(clean.snapshot()));
      System.out.println("first failure: " + error);
    }
  }

  /** The end of a run: the solution, the remaps undone, how often the trigger was told a remap did not happen. */
  private record Outcome(Snapshot snapshot, List<String> failed, int told) {}

  private static Outcome runToEnd(Communicator comm, RunOptions o,
      @javax.annotation.Nullable java.util.function.Consumer<DistributedLaplace> setup) {
    DistributedLaplace run = DistributedLaplace.start(comm, o);
    run.recoverFailedRemaps(true);
    if (setup != null) {
      setup.accept(run);
    }
    while (run.stepsTaken() < o.steps()) {
      run.step();
    }
    return new Outcome(run.snapshot(0), run.failedRemaps(), run.remapsSkipped());
  }
}
