package org.amrbalance.integration.reliability;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.RankProgram;
import org.amrbalance.mesh.runtime.DistributedLaplace;
import org.amrbalance.mesh.runtime.RunOptions;
import org.amrbalance.mesh.runtime.Snapshot;

/**
 * Runs on every rank. The first argument picks what, the second is the folder of the files:
 * <ul>
 *   <li>{@code full DIR}: the moving example for {@link #STEPS} steps without interruption, the final solution
 *       in DIR/full.bin;</li>
 *   <li>{@code stop DIR}: the same run with a checkpoint every {@link #EVERY} steps to DIR/run.ckpt, stopped
 *       after step {@link #STOP} (the rest never happens);</li>
 *   <li>{@code resume DIR}: restarts from DIR/run.ckpt and runs to the end, the final solution in
 *       DIR/resumed.bin.</li>
 * </ul>
 */
public final class RestartProgram implements RankProgram {
  static final int STEPS = 11;
  static final int EVERY = 3;
  static final int STOP = 7;
  /**
   * Levels 0..2, 4 sweeps per level and leg; trigger fixed-interval with m = 4, whose remaps depend on its saved
   * count only (not on measured times), so they can be compared between runs; knapsack.
   */
  static final RunOptions RUN = RunOptions.defaults().withLmax(2).withSweepsPerStep(4).withSteps(STEPS)
      .withTrigger("fixed-interval").withSetting("amrbalance.fixed-interval.m", "4");

  @Override
  public void run(Communicator comm, List<String> args) throws IOException {
    Thread.currentThread().setContextClassLoader(RestartProgram.class.getClassLoader());
    Path dir = Path.of(args.get(1));
    Path ckpt = dir.resolve("run.ckpt");
    switch (args.get(0)) {
      case "full" -> {
        DistributedLaplace run = DistributedLaplace.start(comm, RUN);
        while (run.stepsTaken() < STEPS) {
          run.step();
        }
        List<Long> remaps = remapSteps(run); // collective
        if (comm.rank() == 0) {
          System.out.println("remaps at steps " + remaps);
        }
        save(run, dir.resolve("full.bin"));
      }
      case "stop" -> {
        DistributedLaplace run = DistributedLaplace.start(comm, RUN);
        run.checkpointEvery(EVERY, ckpt);
        while (run.stepsTaken() < STOP) {
          run.step();
        }
        if (comm.rank() == 0) {
          System.out.println("stopped after step " + run.stepsTaken() + " on " + comm.size() + " ranks");
        }
      }
      case "resume" -> {
        DistributedLaplace run = DistributedLaplace.restart(comm, RUN, ckpt);
        int from = run.stepsTaken();
        while (run.stepsTaken() < STEPS) {
          run.step();
        }
        List<Long> remaps = remapSteps(run); // collective
        if (comm.rank() == 0) {
          System.out.println("resumed at step " + from + " on " + comm.size() + " ranks, remaps at steps "
              + remaps);
        }
        save(run, dir.resolve("resumed.bin"));
      }
      default -> throw new IllegalArgumentException("mode = " + args.get(0) + ": unknown");
    }
  }

  private static List<Long> remapSteps(DistributedLaplace run) {
    return run.summary().remaps().stream().map(DistributedLaplace.Remap::step).toList();
  }

  private static void save(DistributedLaplace run, Path file) throws IOException {
    Snapshot s = run.snapshot(0);
    if (s != null) {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
        s.write(out);
      }
    }
  }
}
