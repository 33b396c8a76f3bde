package org.amrbalance.mesh.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import javax.annotation.concurrent.Immutable;

/**
 * Which checkpoint a restart will take: one of a run with the given options' fingerprint ({@link RunIdentity}),
 * not after the options' last step, and, if the caller knows them, of a given run id and not older than a given
 * step (a supervisor that saw step 40 checkpointed states 40). A checkpoint of format version 1 or 2 carries no
 * identity: its fingerprint and run id are unknown and accepted.
 */
@Immutable
public final class CheckpointExpectation {
  private final RunOptions options;
  private final OptionalLong runId;
  private final int leastStep;

  private CheckpointExpectation(RunOptions options, OptionalLong runId, int leastStep) {
    this.options = options;
    this.runId = runId;
    this.leastStep = leastStep;
  }

  /** A checkpoint of a run with these options' fingerprint, of any run id, at any step up to their last. */
  public static CheckpointExpectation of(RunOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("options = null: must not be null");
    }
    return new CheckpointExpectation(options, OptionalLong.empty(), 0);
  }

  /** Also of the run {@code id} ({@link DistributedLaplace#runId}). */
  public CheckpointExpectation withRunId(long id) {
    return new CheckpointExpectation(options, OptionalLong.of(id), leastStep);
  }

  /** Also written after step {@code step} or later, in [0, the options' steps]. */
  public CheckpointExpectation withLeastStep(int step) {
    if (step < 0 || step > options.steps()) {
      throw new IllegalArgumentException("leastStep = " + step + ": must be in [0, " + options.steps() + "]");
    }
    return new CheckpointExpectation(options, runId, step);
  }

  public RunOptions options() {
    return options;
  }

  public OptionalLong runId() {
    return runId;
  }

  public int leastStep() {
    return leastStep;
  }

  /**
   * Refuses {@code c}, read from {@code file}, if it is not the expected one, with a one-line message naming the
   * file and the first thing that differs.
   *
   * @throws IOException if the checkpoint is foreign (another fingerprint or run id) or stale (older than the least
   *     step)
   * @throws IllegalArgumentException if the checkpoint is after the options' last step (the options are wrong, not
   *     the file)
   */
  public void check(Path file, Checkpoint c) throws IOException {
    Optional<RunIdentity> id = c.identity();
    if (id.isPresent()) {
      Optional<String> differs = id.get().firstDifference(options);
      if (differs.isPresent()) {
        throw new IOException(file + ": foreign checkpoint, another configuration: " + differs.get());
      }
      if (runId.isPresent() && runId.getAsLong() != id.get().runId()) {
        throw new IOException(file + ": foreign checkpoint, another run: run " + RunIdentity.hex(id.get().runId())
            + ", expected run " + RunIdentity.hex(runId.getAsLong()));
      }
    }
    if (c.step() < leastStep) {
      throw new IOException(file + ": stale checkpoint: after step " + c.step() + ", expected step " + leastStep
          + " or later");
    }
    if (c.step() > options.steps()) {
      throw new IllegalArgumentException("steps = " + options.steps() + ": " + file + " is a checkpoint after step "
          + c.step());
    }
  }

  @Override
  public String toString() {
    return "CheckpointExpectation[" + RunIdentity.fingerprintOf(options)
        + (runId.isPresent() ? ", run " + RunIdentity.hex(runId.getAsLong()) : "")
        + (leastStep > 0 ? ", step >= " + leastStep : "") + "]";
  }
}
