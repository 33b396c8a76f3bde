package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checkpoints of the distributed run (ranks as threads): restart on other rank counts, atomic files. */
class CheckpointTest {
  static final RunOptions RUN = RunOptions.defaults().withSteps(6).withLmax(2).withSweepsPerStep(4)
      .withTrigger("every-regrid");

  /** Runs to the end from a fresh start, writing a checkpoint after step {@code every}; the final solution. */
  static Snapshot uninterrupted(int ranks, Path file, int every) {
    return ThreadCollectives.run(ranks, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), RUN);
      run.checkpointEvery(every, file);
      while (run.stepsTaken() < RUN.steps()) {
        run.step();
      }
      return run.snapshot(0);
    }).get(0);
  }

  static Snapshot restarted(int ranks, Path file) {
    return restarted(ranks, file, RUN);
  }

  static Snapshot restarted(int ranks, Path file, RunOptions options) {
    return ThreadCollectives.run(ranks, c -> {
      DistributedLaplace run;
      try {
        run = DistributedLaplace.restart(CollectiveCommunicator.over(c), options, file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      while (run.stepsTaken() < options.steps()) {
        run.step();
      }
      return run.snapshot(0);
    }).get(0);
  }

  @Test
  void aRestartOnOtherRankCountsEndsWithTheUninterruptedSolution(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    Snapshot reference = uninterrupted(3, file, 3);
    // Written after steps 3 and 6; the last one is kept. Take the step-3 one again from a run stopped there.
    Checkpoint last = Checkpoint.read(file);
    assertThat(last.step()).isEqualTo(6);
    Path mid = dir.resolve("mid.ckpt");
    ThreadCollectives.run(3, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), RUN);
      for (int s = 0; s < 3; s++) {
        run.step();
      }
      try {
        run.checkpoint(mid);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return null;
    });
    Checkpoint c = Checkpoint.read(mid);
    assertThat(c.step()).isEqualTo(3);
    assertThat(c.assignment().ranks()).isEqualTo(3);
    assertThat(c.hierarchy().levelCount()).isGreaterThan(1);
    for (int ranks : new int[] {3, 2, 1}) {
      Snapshot got = restarted(ranks, mid);
      assertThat(got.patches()).hasSameSizeAs(reference.patches());
      assertThat(got.maxDifference(reference)).as("restart on %d ranks", ranks).isLessThanOrEqualTo(1e-12);
    }
    // Restarting from the last checkpoint has nothing left to do and keeps the final solution.
    assertThat(restarted(2, file).maxDifference(reference)).isLessThanOrEqualTo(1e-12);
  }

  @Test
  void aCrashBetweenWritingAndRenamingLeavesThePreviousCheckpointUsable(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    Checkpoint[] states = ThreadCollectives.run(2, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), RUN);
      run.step();
      run.step();
      Checkpoint first = run.capture(0);
      run.step();
      return new Checkpoint[] {first, run.capture(0)};
    }).get(0);
    states[0].write(file);
    byte[] before = Files.readAllBytes(file);
    // The crash: the next checkpoint is written and forced, but the rename never happens.
    Path tmp = states[1].writeTemporary(file);
    assertThat(tmp).exists().isNotEqualTo(file);
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    assertThat(Checkpoint.read(file).step()).isEqualTo(2);
    // A crash while writing the temporary file: it is incomplete, the target still the previous checkpoint.
    byte[] whole = Files.readAllBytes(tmp);
    Files.write(tmp, java.util.Arrays.copyOf(whole, whole.length / 2));
    assertThat(Checkpoint.read(file).step()).isEqualTo(2);
    assertThat(restarted(2, file).patches()).isNotEmpty();
    assertThatThrownBy(() -> Checkpoint.read(tmp)).isInstanceOf(IOException.class).hasMessageContaining("CRC32");
    // The next complete write replaces both.
    states[1].write(file);
    assertThat(Checkpoint.read(file).step()).isEqualTo(3);
    assertThat(tmp).doesNotExist();
  }

  @Test
  void aDamagedFileIsRefusedOnEveryRank(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    uninterrupted(1, file, 2);
    byte[] b = Files.readAllBytes(file);
    b[b.length / 2] ^= 1;
    Files.write(file, b);
    assertThatThrownBy(() -> restarted(2, file)).hasRootCauseInstanceOf(IOException.class)
        .rootCause().hasMessageContaining("restart failed on rank 0").hasMessageContaining("CRC32 mismatch");
  }

  @Test
  void aCheckpointRoundTripsThroughItsBytes() throws IOException {
    Checkpoint c = ThreadCollectives.run(1, k -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(k), RUN);
      run.step();
      run.step();
      return run.capture(0);
    }).get(0);
    Checkpoint back = Checkpoint.fromBytes(c.toBytes());
    assertThat(back.step()).isEqualTo(2);
    assertThat(back.nextPatchId()).isEqualTo(c.nextPatchId());
    assertThat(back.assignment().pieces()).isEqualTo(c.assignment().pieces());
    assertThat(back.hierarchy()).isEqualTo(c.hierarchy());
    assertThat(back.values().keySet()).isEqualTo(c.values().keySet());
    c.values().forEach((id, v) -> assertThat(back.values().get(id)).isEqualTo(v));
    assertThat(c.balancingState()).isNotEmpty();
    assertThat(back.balancingState()).isEqualTo(c.balancingState());
  }

  /** Remap steps of a run with a fixed-interval trigger (m = 4), from a fresh start or from {@code file}. */
  private static java.util.List<Long> remapSteps(int ranks, @javax.annotation.Nullable Path file, Path write) {
    RunOptions run = RUN.withSteps(11).withTrigger("fixed-interval").withSetting("amrbalance.fixed-interval.m", "4");
    return ThreadCollectives.run(ranks, c -> {
      DistributedLaplace r;
      try {
        r = file == null ? DistributedLaplace.start(CollectiveCommunicator.over(c), run)
            : DistributedLaplace.restart(CollectiveCommunicator.over(c), run, file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (file == null) {
        r.checkpointEvery(6, write);
      }
      while (r.stepsTaken() < run.steps()) {
        r.step();
      }
      return r.remaps().stream().map(DistributedLaplace.Remap::step).toList();
    }).get(0);
  }

  @Test
  void aRestartedTriggerGoesOnFromItsSavedState(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    // Uninterrupted: remaps after steps 4 and 8 (m = 4; none after the last step), a checkpoint after step 6.
    assertThat(remapSteps(2, null, file)).containsExactly(4L, 8L);
    // Same ranks: the restored trigger counts on from 2 steps since its last remap.
    assertThat(remapSteps(2, file, file)).containsExactly(8L);
    // Other ranks: the grids were placed anew at the restart, so the trigger counts from step 6.
    assertThat(remapSteps(3, file, file)).containsExactly(10L);

    // A checkpoint without the state (format version 1) restarts the trigger afresh: 4 steps from step 6.
    Checkpoint c = Checkpoint.read(file);
    Files.write(file, c.toBytes(1));
    assertThat(Checkpoint.read(file).balancingState()).isEmpty();
    assertThat(remapSteps(2, file, file)).containsExactly(10L);
  }

  /** The run id of a restart from {@code file} on every rank. */
  private static java.util.List<Long> restartedIds(int ranks, CheckpointExpectation expected, Path file) {
    return ThreadCollectives.run(ranks, c -> {
      try {
        return DistributedLaplace.restart(CollectiveCommunicator.over(c), expected, file).runId();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  @Test
  void aRunKeepsItsIdAcrossRestartsAndAForeignOrStaleCheckpointIsRefusedOnEveryRank(@TempDir Path dir) {
    Path file = dir.resolve("run.ckpt");
    java.util.List<Long> ids = ThreadCollectives.run(2, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), RUN);
      run.checkpointEvery(2, file);
      run.step();
      run.step();
      return run.runId();
    });
    long id = ids.get(0);
    assertThat(ids).containsOnly(id);
    assertThat(uncheckedRead(file).identity()).hasValueSatisfying(i -> assertThat(i.runId()).isEqualTo(id));
    CheckpointExpectation same = CheckpointExpectation.of(RUN).withRunId(id).withLeastStep(2);
    assertThat(restartedIds(3, same, file)).containsOnly(id);
    // A new run draws another id.
    assertThat(ThreadCollectives.run(1, c -> DistributedLaplace.start(CollectiveCommunicator.over(c), RUN).runId())
        .get(0)).isNotEqualTo(id);

    assertThatThrownBy(() -> restarted(2, file, RUN.withSweepsPerStep(5))).hasRootCauseInstanceOf(IOException.class)
        .rootCause().hasMessageContaining("restart failed on rank 0: " + file + ": foreign checkpoint")
        .hasMessageContaining("sweepsPerStep = 4 in the checkpoint, 5 in the options")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThatThrownBy(() -> restartedIds(2, same.withRunId(id + 1), file)).hasRootCauseInstanceOf(IOException.class)
        .rootCause().hasMessageContaining("another run");
    assertThatThrownBy(() -> restartedIds(2, same.withLeastStep(4), file)).hasRootCauseInstanceOf(IOException.class)
        .rootCause().hasMessageContaining("stale checkpoint: after step 2, expected step 4 or later");
    assertThatThrownBy(() -> restarted(2, file, RUN.withSteps(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("steps = 1: " + file);
  }

  private static Checkpoint uncheckedRead(Path file) {
    try {
      return Checkpoint.read(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
