package org.amrbalance.mesh.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nullable;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.Loss;
import org.amrbalance.mesh.mpi.Machines;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.amrbalance.mesh.runtime.Checkpoint;
import org.amrbalance.mesh.runtime.CheckpointExpectation;

/**
 * {@code --supervise}: runs the demo with the launcher watching for lost ranks and hosts; after a loss, goes on
 * from the last complete checkpoint on the ranks (and hosts) that remain, as often as ranks remain. The checkpoint a
 * restart starts from is copied aside first ({@code restart-K-from-step-S.ckpt} in the output folder), since the
 * restarted run writes new ones over {@code run.ckpt}: the same copy restarted by hand on as many ranks ends with
 * the same field, bit for bit.
 */
final class Supervisor {
  static final int DEFAULT_CHECKPOINT_EVERY = 5;
  /**
   * A rank silent this long is lost unless {@code --loss-after} says otherwise: heartbeats come four times a second from a thread of their own, so only a dead
   * or wholly stopped JVM (or a pause of the whole machine) stays silent for 3 s; a lost host is seen after three
   * probes a second apart. Either way within the 10 s an operator would wait.
   */
  static final Duration SILENCE = Duration.ofSeconds(3);
  private static final Pattern PROGRESS = Pattern.compile("^step\\s+(\\d+)/\\d+.*");

  private Supervisor() {}

  static LaunchResult run(PrintStream out, PrintStream err, LaplaceDemo.Args args, MpjLauncher launcher) {
    Path checkpoint = args.output().resolve("run.ckpt");
    int ranks = args.ranks();
    @Nullable Machines machines = args.cluster() == null ? null : args.cluster().machines();
    @Nullable Path restart = args.restart();
    List<String> history = new ArrayList<>();
    @Nullable Long runId = null;
    int leastStep = 0;
    while (true) {
      MpjLauncher l = launcher.withRanks(ranks).withLossDetection(args.lossAfter());
      if (machines != null) {
        l = l.withMachines(machines, args.cluster().shell(), args.cluster().jobParent());
      }
      LaunchResult result = l.launch(LaplaceDemoProgram.class, args.programArgs(restart));
      if (result.succeeded() || result.lost().isEmpty()) {
        if (result.succeeded() && !history.isEmpty()) {
          out.println("supervise: finished after " + history.size() + (history.size() == 1 ? " restart" : " restarts")
              + ": " + String.join("; ", history));
        }
        return result;
      }
      Loss loss = result.lost().get();
      int remaining = ranks - loss.ranks().size();
      if (remaining < 1) {
        err.println("amrbalance demo: supervise: lost " + loss.describe() + "; no rank remains to go on with");
        return result;
      }
      if (!Files.isRegularFile(checkpoint) && !Files.isRegularFile(Checkpoint.previousOf(checkpoint))) {
        err.println("amrbalance demo: supervise: lost " + loss.describe() + " before the first checkpoint was"
            + " written: nothing to go on from");
        return result;
      }
      // This run's own checkpoints only, none older than the one the last restart came from; a torn newest one
      // falls back to the one it replaced.
      CheckpointExpectation expected = CheckpointExpectation.of(args.runOptions()).withLeastStep(leastStep);
      if (runId != null) {
        expected = expected.withRunId(runId);
      }
      Checkpoint.Chosen chosen;
      try {
        chosen = Checkpoint.readNewest(checkpoint, expected);
      } catch (IOException e) {
        err.println("amrbalance demo: supervise: lost " + loss.describe() + "; no checkpoint to go on from: "
            + e.getMessage());
        return result;
      }
      if (!chosen.file().equals(checkpoint)) {
        out.println("supervise: the newest checkpoint is not usable (" + chosen.skipped() + "): going on from "
            + chosen.file().getFileName());
      }
      int step = chosen.checkpoint().step();
      leastStep = step;
      if (runId == null && chosen.checkpoint().identity().isPresent()) {
        runId = chosen.checkpoint().identity().get().runId();
      }
      if (machines != null) {
        List<String> hosts = new ArrayList<>(machines.hosts());
        hosts.removeAll(loss.hosts());
        machines = Machines.of(hosts);
      }
      Path copy = args.output().resolve(String.format(Locale.ROOT, "restart-%d-from-step-%d.ckpt",
          history.size() + 1, step));
      try {
        Files.copy(chosen.file(), copy, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e) {
        err.println("amrbalance demo: supervise: cannot keep the checkpoint as " + copy + " (" + e.getMessage() + ")");
        return result;
      }
      int reached = Math.max(step, lastStep(result.output()));
      String what = String.format(Locale.ROOT, "lost %s; going on from %s (after step %d) on %d %s%s: %s",
          loss.describe(), copy.getFileName(), step, remaining, remaining == 1 ? "rank" : "ranks",
          machines == null ? "" : " on " + machines.distinct(), reached > step
              ? "steps " + (step + 1) + " to " + reached + " are redone" : "no step is redone");
      out.println("supervise: " + what);
      history.add(what);
      ranks = remaining;
      restart = copy;
    }
  }

  /** The last step the run's progress lines reached (0 if none). */
  static int lastStep(List<String> output) {
    int last = 0;
    for (String line : output) {
      Matcher m = PROGRESS.matcher(line);
      if (m.matches()) {
        last = Math.max(last, Integer.parseInt(m.group(1)));
      }
    }
    return last;
  }
}
