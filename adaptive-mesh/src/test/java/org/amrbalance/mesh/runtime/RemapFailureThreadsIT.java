package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Piece;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A remap that fails on one rank in any phase is undone on every rank, and the run goes on. */
class RemapFailureThreadsIT {
  static final RunOptions RUN = RunOptions.defaults().withSteps(6).withLmax(2).withSweepsPerStep(4)
      .withBalancer("round-robin");

  /** The remap timeout of the STALL cases; rank 1 stalls three times as long. */
  static final Duration TIMEOUT = Duration.ofMillis(500);

  /**
   * Strikes the cross-rank moves of rank 1 in {@code phase} (as sender, or as receiver for UNPACK); a STALL holds
   * rank 1 back for three times the remap timeout.
   */
  static RemapFault onRankOne(RemapFault.Phase phase) {
    RemapFault f = (p, move, tag) -> p == phase && move.fromRank() != move.toRank()
        && (phase == RemapFault.Phase.UNPACK ? move.toRank() == 1 : move.fromRank() == 1);
    return f.stallingFor(TIMEOUT.multipliedBy(3));
  }

  /** The remap timeout only where a rank stalls: elsewhere a slow machine must not add a failure of its own. */
  static RunOptions run(RunOptions o, RemapFault.Phase phase) {
    return phase == RemapFault.Phase.STALL ? o.withRemapTimeout(TIMEOUT) : o;
  }

  @ParameterizedTest
  @EnumSource(RemapFault.Phase.class)
  void aFailedMigrationLeavesEveryPatchAndTheAssignmentAsTheyWere(RemapFault.Phase phase) {
    List<String> errors = ThreadCollectives.run(3, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c),
          run(RUN.withTrigger("never"), phase));
      run.recoverFailedRemaps(true);
      run.step();
      Snapshot before = run.snapshot(0);
      Assignment a = run.solver().assignment();
      List<Piece> shifted = new ArrayList<>();
      for (Piece p : a.pieces()) {
        shifted.add(Piece.of(p.patchId(), p.box(), (p.rank() + 1) % 3));
      }
      if (c.rank() == 1) {
        run.exchange().injectFaults(onRankOne(phase));
      }
      Throwable t = catchThrowable(() -> run.migrateTo(Assignment.of(a.hierarchy(), 3, shifted)));
      run.exchange().injectFaults(RemapFault.NONE);
      assertThat(run.solver().assignment()).isEqualTo(a);
      Snapshot after = run.snapshot(0);
      if (before != null) {
        Map<Integer, Long> crc = before.checksums();
        assertThat(after.checksums()).isEqualTo(crc);
      }
      // The same remap without the fault goes through, and still nothing changes in value.
      run.migrateTo(Assignment.of(a.hierarchy(), 3, shifted));
      Snapshot moved = run.snapshot(0);
      if (before != null) {
        assertThat(moved.checksums()).isEqualTo(before.checksums());
      }
      assertThat(t).isInstanceOf(RemapFailedException.class);
      return t.getMessage();
    });
    for (String e : errors) {
      // The rank where it failed and the move: the sender for packing, the receiver otherwise (a damaged send is
      // found on arrival, and the receiver names the sender).
      assertThat(e).contains("remap failed, every rank keeps its grids");
      switch (phase) {
        case PACK -> assertThat(e).contains("rank 1: packing move");
        case UNPACK -> assertThat(e).contains("rank 1: unpacking move");
        case SEND -> assertThat(e).containsPattern("rank \\d: receiving: payload tag \\d+ from rank 1 to rank \\d: CRC32"
            + " mismatch");
        // Rank 2 misses rank 1's moves; rank 0, which expects no move from rank 1, misses its byte counts (MPJ) or
        // its arrival in time (threads). Rank 1 itself heard from everyone in time.
        case STALL -> assertThat(e)
            .containsPattern("rank 2: waiting for moves? [\\d, ]+: rank 2 heard nothing from rank 1 within the exchange"
                + " timeout of 0.5 s")
            .containsPattern("rank 0: waiting for [a-z\\d, ]+: rank 0 heard nothing from rank 1 within")
            .doesNotContain("rank 1 heard nothing");
        default -> throw new AssertionError(phase);
      }
    }
    assertThat(errors).containsOnly(errors.get(0));
  }

  /**
   * Without recovery, a rank that gave up waiting cannot tell the others: it puts its grids back and the run ends
   * with its error, which names the silent rank, instead of waiting for ever.
   */
  @Test
  void withoutRecoveryAStallBeyondTheTimeoutEndsTheRunNamingTheSilentRank() {
    Throwable t = catchThrowable(() -> ThreadCollectives.run(3, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c),
          run(RUN.withTrigger("never"), RemapFault.Phase.STALL));
      run.step();
      Assignment a = run.solver().assignment();
      List<Piece> shifted = new ArrayList<>();
      for (Piece p : a.pieces()) {
        shifted.add(Piece.of(p.patchId(), p.box(), (p.rank() + 1) % 3));
      }
      if (c.rank() == 1) {
        run.exchange().injectFaults(onRankOne(RemapFault.Phase.STALL));
      }
      run.migrateTo(Assignment.of(a.hierarchy(), 3, shifted));
      return null;
    }));
    assertThat(t).hasMessageContaining("gave up waiting (MigrationPlan[")
        .hasMessageMatching("(?s)migration on rank (\\d) gave up waiting .*: rank \\1 heard nothing from rank 1 within"
            + " the exchange timeout of 0.5 s");
  }

  @ParameterizedTest
  @EnumSource(RemapFault.Phase.class)
  void aRunWhoseRemapsFailCompletesWithTheSolutionOfARunWithout(RemapFault.Phase phase) {
    RunOptions o = run(RUN.withTrigger("every-regrid"), phase);
    Snapshot clean = ThreadCollectives.run(3, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), o);
      while (run.stepsTaken() < o.steps()) {
        run.step();
      }
      return run.snapshot(0);
    }).get(0);
    List<Object[]> got = ThreadCollectives.run(3, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), o);
      run.recoverFailedRemaps(true);
      if (c.rank() == 1) {
        run.exchange().injectFaults(onRankOne(phase));
      }
      while (run.stepsTaken() < o.steps()) {
        run.step();
      }
      return new Object[] {run.snapshot(0), run.failedRemaps(), run.remapsSkipped()};
    });
    @SuppressWarnings("unchecked")
    List<String> failed = (List<String>) got.get(0)[1];
    assertThat(failed).as("remaps undone").isNotEmpty()
        .allSatisfy(f -> assertThat(f).containsPattern("rank 1: |from rank 1 "));
    for (Object[] r : got) {
      assertThat(r[1]).isEqualTo(failed);
      assertThat(r[2]).as("the trigger was told of every failed remap").isEqualTo(failed.size());
    }
    assertThat(((Snapshot) got.get(0)[0]).maxDifference(clean)).isLessThanOrEqualTo(1e-12);
  }
}
