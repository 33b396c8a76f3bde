package org.amrbalance.mesh.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.annotation.Nullable;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.mpj.MpjEntry;
import org.amrbalance.mesh.mpi.RankProgram;
import org.amrbalance.mesh.output.Frame;
import org.amrbalance.mesh.output.VtkWriter;
import org.amrbalance.mesh.runtime.DistributedLaplace;
import org.amrbalance.mesh.runtime.DistributedLaplace.Remap;
import org.amrbalance.mesh.runtime.DistributedLaplace.StepReport;
import org.amrbalance.mesh.runtime.DistributedLaplace.Summary;
import org.amrbalance.mesh.runtime.RunOptions;
import org.amrbalance.mesh.runtime.Snapshot;
import org.amrbalance.readers.trace.StepTraceWriter;

/**
 * What every rank of the demo runs: the moving Laplace example on the distributed runtime. Rank 0 prints a
 * progress line every N steps ({@code --progress N}, default 1, and always the last) and the summary. Its own
 * arguments, before those of {@link RunOptions#parse}:
 * {@code --output DIR} (picture and VTK files), {@code --snapshots DIR} (the solution of every patch after the
 * static solve and every checked step, {@code step-NNNN.bin}), {@code --result-line} (a last line of numbers for
 * tools), {@code --quiet} (no progress lines), {@code --checkpoint FILE --checkpoint-every N} (a checkpoint after
 * every N-th step), {@code --restart FILE} (continue from a checkpoint), {@code --trace FILE} (rank 0 writes the
 * step-time trace that {@code amrbalance.jar replay} reads: per-rank times, regrids, remaps and their cost).
 */
public final class LaplaceDemoProgram implements RankProgram {
  /** Starts the machine-readable last line. */
  public static final String RESULT = "result:";
  /** Starts a line of one step's numbers as JSON ({@code --step-json}). */
  public static final String STEP_JSON = "step-json:";
  /** Starts the line of the run's numbers as JSON ({@code --step-json}). */
  public static final String RESULT_JSON = "result-json:";
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * For MPJ's own starter on a cluster ({@code starter.jar -np P -dev niodev -machinesfile FILE ...
   * org.amrbalance.mesh.demo.LaplaceDemoProgram ARGS}): every rank initializes MPI and runs the demo.
   */
  public static void main(String[] args) throws Exception {
    MpjEntry.run(args, new LaplaceDemoProgram());
  }

  @Override
  public void run(Communicator comm, List<String> args) throws IOException {
    // ServiceLoader looks for balancers and triggers through the context loader; on MPJ's multicore device each
    // rank has its own class loader, which is not the thread's.
    Thread.currentThread().setContextClassLoader(LaplaceDemoProgram.class.getClassLoader());
    run(comm, args, System.out);
  }

  /** Runs on this rank, rank 0 printing to {@code out}. */
  public static void run(Communicator comm, List<String> args, PrintStream out) throws IOException {
    // The service's remap lines (amrbalance.service.log=true) go through System.Logger, by default to
    // java.util.logging: one line each, not the two of its default format.
    if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
      System.setProperty("java.util.logging.SimpleFormatter.format", "%4$s %3$s: %5$s%6$s%n");
    }
    Path output = null;
    Path snapshots = null;
    boolean resultLine = false;
    boolean quiet = false;
    int progress = 1;
    boolean stepJson = false;
    Path checkpoint = null;
    int checkpointEvery = 0;
    Path restart = null;
    Path trace = null;
    AmrexHeaderSeries series = null;
    List<String> rest = new ArrayList<>();
    for (int k = 0; k < args.size(); k++) {
      switch (args.get(k)) {
        case "--output" -> output = Path.of(args.get(++k));
        case "--snapshots" -> snapshots = Path.of(args.get(++k));
        case "--result-line" -> resultLine = true;
        case "--quiet" -> quiet = true;
        case "--progress" -> progress = Integer.parseInt(args.get(++k));
        case "--step-json" -> stepJson = true;
        case "--checkpoint" -> checkpoint = Path.of(args.get(++k));
        case "--checkpoint-every" -> checkpointEvery = Integer.parseInt(args.get(++k));
        case "--restart" -> restart = Path.of(args.get(++k));
        case "--trace" -> trace = Path.of(args.get(++k));
        case "--write-hierarchy" -> series = new AmrexHeaderSeries(Path.of(args.get(++k)));
        default -> rest.add(args.get(k));
      }
    }
    RunOptions options = RunOptions.parse(rest);
    PrintStream printer = comm.rank() == 0 ? out : new PrintStream(OutputStream.nullOutputStream());
    DistributedLaplace run;
    if (restart == null) {
      run = DistributedLaplace.start(comm, options);
      printer.printf(Locale.ROOT, "solved   x0=%.3f  %s  error %.3e  (%s, %s)%n", DistributedLaplace.PATH.at(0).x0(),
          points(run.solver().pointsPerLevel()), run.solver().maxError(), options.balancer(), options.trigger());
      save(run, snapshots, 0);
    } else {
      run = DistributedLaplace.restart(comm, options, restart);
      printer.printf(Locale.ROOT, "restarted from %s after step %d on %d ranks%n", restart.getFileName(),
          run.stepsTaken(), comm.size());
    }
    // Who bounds a remap's wait wants a late rank to cost a skipped remap, not the run.
    run.recoverFailedRemaps(options.remapTimeout().isPresent());
    if (checkpointEvery > 0) {
      Files.createDirectories(checkpoint.toAbsolutePath().getParent());
      run.checkpointEvery(checkpointEvery, checkpoint);
    }
    AmrexHeaderSeries hierarchies = series;
    if (hierarchies != null) {
      writeHierarchy(comm, hierarchies, run);
    }
    try (StepTraceWriter writer = trace != null && comm.rank() == 0 ? StepTraceWriter.create(trace) : null) {
      steps(comm, run, options, snapshots, quiet, progress, stepJson, printer, writer, hierarchies);
    }
    if (hierarchies != null && comm.rank() == 0) {
      printer.println("  wrote the hierarchy series into " + hierarchies.folder(0).getParent());
    }
    Summary sum = run.summary();
    if (stepJson) {
      printer.println(RESULT_JSON + " " + resultJson(comm.size(), sum));
    }
    printSummary(printer, comm.size(), sum);
    run.learnedOptions().forEach((name, value) -> printer.printf(Locale.ROOT, "  learned by the trigger         %s"
        + " (starts a later run of this problem from it)%n", learnedSetting(options.trigger(), name, value)));
    // Collective: a run on other ranks or hosts that ends with the same digest ended with the same field.
    Snapshot last = run.snapshot(0);
    if (last != null) {
      printer.println("  final field sha-256 " + last.digest());
    }
    for (String failed : run.failedRemaps()) {
      printer.println("  failed remap, undone: " + failed);
    }
    if (output != null) {
      Frame frame = Frame.gather(run.solver().grids(), 0, "u");
      if (comm.rank() == 0) {
        Path png = output.resolve("laplace.png");
        FieldChart.write(frame, String.format(Locale.ROOT, "Laplace AMR: %s + %s on %d ranks, step %d (x0 = %.2f)",
            options.balancer(), options.trigger(), comm.size(), run.stepsTaken(),
            DistributedLaplace.PATH.at(run.stepsTaken()).x0()), png);
        Path vthb = VtkWriter.write(frame, output, "laplace");
        printer.println("  wrote " + png + " and " + vthb);
      }
    }
    if (resultLine) {
      printer.printf(Locale.ROOT, "%s ranks=%d steps=%d wallPerStep=%.6f utilization=%.4f remaps=%d remapCost=%.6f"
          + " error=%.6e%n", RESULT, comm.size(), sum.steps(), sum.wallPerStep(), sum.utilization(),
          sum.remaps().size(), sum.remapCost(), sum.error());
    }
  }

  /** The hierarchy and assignment in force after the run's last step, as one plotfile header of the series. */
  private static void writeHierarchy(Communicator comm, AmrexHeaderSeries series, DistributedLaplace run)
      throws IOException {
    String problem = "";
    if (comm.rank() == 0) { // one rank writes the series
      var grids = run.solver().grids();
      try {
        series.write(run.stepsTaken(), run.stepsTaken(), grids.layout().assignment(), grids.h(0));
      } catch (IOException e) {
        problem = e.toString();
      }
    }
    // Every rank learns of a failed write and stops, instead of waiting for rank 0 at the next exchange.
    String why = comm.broadcast(problem, 0);
    if (!why.isEmpty()) {
      throw new IOException("--write-hierarchy after step " + run.stepsTaken() + " failed on rank 0: " + why);
    }
  }

  /** The steps of the run; rank 0 writes each to the trace, in the order things happened. */
  private static void steps(Communicator comm, DistributedLaplace run, RunOptions options, @Nullable Path snapshots,
      boolean quiet, int progress, boolean stepJson, PrintStream printer, @Nullable StepTraceWriter trace, @Nullable AmrexHeaderSeries hierarchies)
      throws IOException {
    for (int s = run.stepsTaken() + 1; s <= options.steps(); s++) {
      int remapsBefore = run.remaps().size();
      StepReport r = run.step();
      if (hierarchies != null && r.regridded()) {
        writeHierarchy(comm, hierarchies, run);
      }
      if (trace != null) {
        List<Remap> remaps = run.remaps().subList(remapsBefore, run.remaps().size());
        if (r.regridded()) {
          trace.regrid(s, r.regridSeconds());
        }
        for (Remap m : remaps) {
          if (m.atRegrid()) {
            trace.remap(s, m.cost());
          }
        }
        if (r.times() != null) {
          trace.times(s, r.times().toArray());
        }
        for (Remap m : remaps) {
          if (!m.atRegrid()) {
            trace.remap(s, m.cost());
          }
        }
        if (r.times() != null) {
          trace.wall(s, r.wallSeconds());
        }
      }
      if (!quiet && (s % progress == 0 || s == options.steps())) {
        // Imbalance as the ranks measured it this step: slowest rank's sweeps over the mean.
        printer.printf(Locale.ROOT,
            "step %3d/%d  x0=%.3f  %-6s %-8s %7.1f ms/step  imbalance %4.2f  remaps %d  points %-22s  error %.2e%n",
            s, options.steps(), r.x0(), r.regridded() ? "regrid" : "", r.remaps() > 0 ? "remapped" : "",
            1e3 * r.wallSeconds(), r.times() == null || !(r.times().average() > 0) ? Double.NaN
                : r.times().max() / r.times().average(), run.remaps().size(), points(r.pointsPerLevel()), r.error());
      }
      if (stepJson) {
        printer.println(STEP_JSON + " " + stepJson(r, compilerSeconds()));
      }
      if (options.checks(s)) {
        save(run, snapshots, s);
      }
    }
  }

  /**
   * The JIT compiler's time so far in this JVM (all its threads, for every rank of a multicore JVM), NaN where the
   * JVM does not measure it: how much compiling still competes with the ranks for the cores at a given step.
   */
  static double compilerSeconds() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() / 1e3
        : Double.NaN;
  }

  /**
   * One step for tools: wall time and its phases in seconds (see {@link StepReport}), remaps, prediction error, the
   * JIT compiler's seconds so far.
   */
  static String stepJson(StepReport r, double compilerSeconds) {
    ObjectNode n = JSON.createObjectNode();
    n.put("step", r.step());
    n.put("wallSeconds", r.wallSeconds());
    n.put("computeSeconds", r.computeSeconds());
    n.put("exchangeSeconds", r.exchangeSeconds());
    n.put("waitingSeconds", r.waitingSeconds());
    n.put("regridSeconds", r.regridSeconds());
    n.put("remapSeconds", r.remapSeconds());
    n.put("remaps", r.remaps());
    n.put("regridded", r.regridded());
    n.put("imbalance", r.imbalance());
    n.put("predictionError", r.predictionError());
    n.put("cells", Arrays.stream(r.pointsPerLevel()).sum());
    n.put("compilerSeconds", compilerSeconds);
    if (r.times() != null) {
      // The step's utilization terms (slowest and mean rank's sweep time), for the utilization of part of a run.
      n.put("sweepMaxSeconds", r.times().max());
      n.put("sweepMeanSeconds", r.times().average());
    }
    return n.toString();
  }

  /** The run for tools: utilization, remaps and their cost, phases summed over the steps, prediction error. */
  static String resultJson(int ranks, Summary sum) {
    ObjectNode n = JSON.createObjectNode();
    n.put("ranks", ranks);
    n.put("steps", sum.steps());
    n.put("secondsPerStep", sum.wallPerStep());
    n.put("utilization", sum.utilization());
    n.put("remaps", sum.remaps().size());
    n.put("remapSeconds", sum.remapCost());
    n.put("computeSeconds", sum.phaseSeconds()[0]);
    n.put("exchangeSeconds", sum.phaseSeconds()[1]);
    n.put("waitingSeconds", sum.phaseSeconds()[4]);
    n.put("regridSeconds", sum.phaseSeconds()[2]);
    n.put("predictionError", sum.predictionError());
    n.put("error", sum.error());
    return n.toString();
  }

  private static void save(DistributedLaplace run, @Nullable Path dir, int step) throws IOException {
    if (dir == null || !run.options().checks(step)) {
      return;
    }
    Snapshot s = run.snapshot(0);
    if (s != null) {
      Files.createDirectories(dir);
      try (OutputStream o = Files.newOutputStream(dir.resolve(String.format(Locale.ROOT, "step-%04d.bin", step)))) {
        s.write(new java.io.BufferedOutputStream(o));
      }
    }
  }

  private static String points(long[] perLevel) {
    StringBuilder b = new StringBuilder();
    for (int l = 0; l < perLevel.length; l++) {
      b.append(l == 0 ? "" : "/").append(perLevel[l]);
    }
    return b.toString();
  }

  /** The demo's argument that sets a trigger's learned option in a later run. */
  static String learnedSetting(String trigger, String option, String value) {
    return "--set amrbalance." + trigger + "." + option + "=" + value;
  }

  static void printSummary(PrintStream out, int ranks, Summary s) {
    out.println("summary:");
    out.printf(Locale.ROOT, "  max error vs exact solution   %.3e (peak value 1)%n", s.error());
    StringBuilder levels = new StringBuilder();
    long total = 0;
    for (int l = 0; l < s.pointsPerLevel().length; l++) {
      levels.append(String.format(Locale.ROOT, "%s%d: %d", l == 0 ? "" : ", ", l, s.pointsPerLevel()[l]));
      total += s.pointsPerLevel()[l];
    }
    out.printf(Locale.ROOT, "  points per level              %s (total %d)%n", levels, total);
    StringBuilder remaps = new StringBuilder();
    for (Remap r : s.remaps()) {
      remaps.append(String.format(Locale.ROOT, "%n    after step %3d: cost %.1f ms, %d cells moved, imbalance %s -> %.2f,"
          + " level efficiency %s -> %.2f; why: %s", r.step(), 1e3 * r.cost(), r.cellsMoved(),
          orDash(r.imbalanceBefore()), r.imbalanceAfter(), orDash(r.levelEfficiencyBefore()), r.levelEfficiencyAfter(),
          r.reason().replace('\n', ' ')));
    }
    out.printf(Locale.ROOT, "  remaps                        %d, total cost %.2f ms (balancing + migration, slowest rank)%s%n",
        s.remaps().size(), 1e3 * s.remapCost(), remaps);
    out.printf(Locale.ROOT, "  utilization                   %.3f = sum of T_avg / (sum of T_max + remap costs)%n",
        s.utilization());
    double avgLoad = 0;
    for (double l : s.loads()) {
      avgLoad += l / s.loads().length;
    }
    out.println("  per-rank load                 measured sweep time, and modelled load of the final assignment:");
    for (int r = 0; r < ranks; r++) {
      out.printf(Locale.ROOT, "    rank %2d  %8.1f ms  %10.4g (%.2f of the average)%n", r, 1e3 * s.computeSeconds()[r],
          s.loads()[r], avgLoad > 0 ? s.loads()[r] / avgLoad : 1);
    }
    out.printf(Locale.ROOT, "  wall time                     %.2f s for %d steps%s, %.1f ms per step (%d cells migrated"
        + " in %.1f ms)%n", s.wallSeconds(), s.steps(), s.firstStep() == 0 ? ""
            : String.format(Locale.ROOT, " (%d to %d, restarted after step %d)", s.firstStep() + 1,
                s.firstStep() + s.steps(), s.firstStep()), 1e3 * s.wallPerStep(), s.migratedCells(),
        1e3 * s.migrationSeconds());
    double[] ph = s.phaseSeconds();
    double per = Math.max(1, s.steps());
    out.printf(Locale.ROOT, "  per step                      compute %.1f ms, exchange and waiting %.1f ms"
        + " (waiting for other ranks' data %.1f ms), regrid %.1f ms, remap %.1f ms%n", 1e3 * ph[0] / per,
        1e3 * ph[1] / per, 1e3 * ph[4] / per, 1e3 * ph[2] / per, 1e3 * ph[3] / per);
    if (ranks > 1 && s.steps() > 0) {
      double once = s.placedOnceComputePerStep();
      double saved = once - ph[0] / per;
      double remapPerStep = s.remapCost() / s.steps();
      out.printf(Locale.ROOT, "  balancing vs placing once     %s %.1f ms of compute per step (%.1f ms against %.1f ms placed"
          + " once) for %.1f ms of remaps: net %+.1f ms per step (%+.1f%% of the wall time)%n", saved >= 0 ? "saved"
          : "lost", 1e3 * Math.abs(saved), 1e3 * ph[0] / per, 1e3 * once, 1e3 * remapPerStep,
          1e3 * (saved - remapPerStep), 100 * (saved - remapPerStep) / s.wallPerStep());
      out.println("                                (placed once is modelled: this run's grids with the first placement"
          + " kept and new grids left with their data at each regrid, priced at the measured time per unit of work)");
    }
    out.printf(Locale.ROOT, "  load prediction error         %.3f (largest gap between a rank's modelled and measured"
        + " share, mean over the steps)%n", s.predictionError());
  }

  private static String orDash(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }
}
