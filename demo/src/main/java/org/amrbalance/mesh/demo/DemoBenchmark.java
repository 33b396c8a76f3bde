package org.amrbalance.mesh.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.amrbalance.mesh.runtime.DistributedLaplace;
import org.amrbalance.mesh.runtime.RunOptions;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * {@code demo --bench}: what a solver gains from the library, measured. The moving example runs on 1 and 2 ranks
 * (4 where the machine has 4 cores or more), static and dynamic, one launch each, side by side in one run:
 * <ul>
 *   <li>static: the configured balancer places the first hierarchy, no trigger ever remaps, and new grids follow
 *       their data ({@code amrbalance.inherit.tolerance = Infinity}): what a solver gets without balancing;
 *   <li>dynamic: the configured trigger remaps with the balancer, and new grids are placed where their data is
 *       within 1.25 times a level's average load (the default placement).
 * </ul>
 * Each run reports seconds per step (slowest rank, over the steps after the warm-up), speedup and parallel
 * efficiency against 1 rank of the same mode, utilization, remaps and their cost, the mean time per step of each
 * phase, and the load prediction error; {@code bench.png} in the output folder plots the time of every step.
 */
final class DemoBenchmark {
  /**
   * The benchmark's own problem, without --base: one step takes about 0.4 s on one rank of a 2-core machine
   * (docs/distributed-runtime.md), so that compute, not the per-exchange latency, is most of a step; 60 sweeps keep
   * the moving spot's error bounded at this size, and refined boxes of 8 to 128 cells (AMReX's blocking factor and
   * max_grid_size) keep the number of ghost moves per sweep low.
   */
  static final int DEFAULT_BASE = 640;
  static final int DEFAULT_BOX = 160;
  static final int DEFAULT_LMAX = 2;
  static final int DEFAULT_SWEEPS = 60;
  static final int DEFAULT_REGRID = 4;
  static final int DEFAULT_MIN_BOX = 8;
  static final int DEFAULT_MAX_BOX = 128;
  private static final ObjectMapper JSON = new ObjectMapper();

  private DemoBenchmark() {}

  /**
   * One launch's numbers. Those of the table are over the steps after the first {@code warmup} (JMH's warm-up
   * iterations: the JIT compiler is still compiling the solver, on the cores the ranks share, during the first tens
   * of steps, and each rank waits out at every exchange what the compiler took from the other; a production run
   * lasts thousands of steps); the whole run's time per step, and the compiler's time within the measured steps,
   * are kept beside them.
   */
  record Run(String balancing, int ranks, JsonNode result, List<JsonNode> steps, int warmup, int round) {
    /** The measured steps: those after the warm-up. */
    List<JsonNode> window() {
      return steps.stream().filter(s -> s.get("step").asInt() > warmup).toList();
    }

    double secondsPerStep() {
      return mean("wallSeconds");
    }

    /** Mean over the measured steps of a step's field. */
    double mean(String field) {
      List<JsonNode> w = window();
      return w.isEmpty() ? Double.NaN : sum(field) / w.size();
    }

    double sum(String field) {
      double total = 0;
      for (JsonNode s : window()) {
        total += s.path(field).asDouble(0);
      }
      return total;
    }

    /** Utilization of the measured steps, by the summary's own formula. */
    double utilization() {
      return DistributedLaplace.Summary.utilization(sum("sweepMeanSeconds"), sum("sweepMaxSeconds"),
          sum("remapSeconds"));
    }

    /** Seconds the JIT compiler spent during the measured steps (its JVM's, all its threads): 0 once it is done. */
    double compilerSecondsMeasured() {
      double before = Double.NaN;
      double last = Double.NaN;
      for (JsonNode s : steps) {
        double c = s.path("compilerSeconds").asDouble(Double.NaN);
        if (s.get("step").asInt() <= Math.max(1, warmup)) {
          before = c;
        }
        last = c;
      }
      return last - before;
    }

    double wholeRunSecondsPerStep() {
      return result.get("secondsPerStep").asDouble();
    }
  }

  static int run(PrintStream out, LaplaceDemo.Args args) {
    return run(out, System.err, args);
  }

  /** The benchmark: results on {@code out}, progress (launch, ranks, mode, step, time left) on {@code progress}. */
  static int run(PrintStream out, PrintStream progress, LaplaceDemo.Args args) {
    RunOptions base = args.runOptions();
    if (args.base() == 0) {
      // --box and the solver options size a --base problem; without --base the benchmark's own problem, whole.
      base = base.withBaseGrid(DEFAULT_BASE, DEFAULT_BOX).withLmax(DEFAULT_LMAX).withSweepsPerStep(DEFAULT_SWEEPS)
          .withRegridInterval(DEFAULT_REGRID).withRefinedBoxes(DEFAULT_MIN_BOX, DEFAULT_MAX_BOX);
    }
    int cores = Runtime.getRuntime().availableProcessors();
    List<Integer> rankCounts = cores >= 4 ? List.of(1, 2, 4) : List.of(1, 2);
    RunOptions dynamic = base;
    RunOptions fixed = base.withTrigger("never").withSetting("amrbalance.inherit.tolerance", "Infinity");
    if (!args.json()) {
      out.printf(Locale.ROOT, "benchmark: moving example, %dx%d level 0 in boxes of %d, levels 0..%d, %d sweeps per"
          + " level and leg, %d steps (the first %d warm-up, not measured), balancer %s, trigger %s, %s device, %d"
          + " cores, %d repeats run interleaved%n", base.baseCells(), base.baseCells(), base.baseBoxSize(),
          base.lmax(), base.sweepsPerStep(), base.steps(), args.warmup(), base.balancer(), base.trigger(),
          args.device().mpjName(), cores, args.repeat());
    }
    // Interleaved (round by round, every configuration once per round): a slow spell of a shared machine falls on
    // all of them alike instead of on one configuration's repeats.
    List<Run> runs = new ArrayList<>();
    int total = args.repeat() * rankCounts.size() * 2;
    long start = System.nanoTime();
    for (int round = 1; round <= args.repeat(); round++) {
      for (int p : rankCounts) {
        for (String mode : List.of("static", "dynamic")) {
          double elapsed = (System.nanoTime() - start) * 1e-9;
          String left = runs.isEmpty() ? "" : String.format(Locale.ROOT, ", about %.0f s left",
              elapsed / runs.size() * (total - runs.size()));
          String what = String.format(Locale.ROOT, "bench: run %d/%d (repeat %d), %d rank%s, %s%s", runs.size() + 1,
              total, round, p, p == 1 ? "" : "s", mode, left);
          progress.println(what);
          runs.add(launch(args, mode, mode.equals("static") ? fixed : dynamic, p, args.warmup(), round,
              stepProgress(progress, what, base.steps())));
        }
      }
    }
    for (Run r : runs) {
      if (args.json()) {
        out.println(line(r, runs, base, args, cores));
      }
    }
    if (args.json()) {
      for (int p : rankCounts) {
        out.println(summaryLine(runs, p));
      }
    } else {
      table(out, runs, base, args, cores, rankCounts);
    }
    Path png = args.output().resolve("bench.png");
    plot(runs.stream().filter(r -> r.round() == 1).toList(), png, base);
    if (!args.json()) {
      out.println("  wrote " + png);
    }
    return 0;
  }

  /** A consumer of the ranks' output lines that says every tenth step on {@code progress}. */
  private static java.util.function.Consumer<String> stepProgress(PrintStream progress, String what, int steps) {
    int[] seen = {0};
    return line -> {
      if (line.startsWith(LaplaceDemoProgram.STEP_JSON) && ++seen[0] % 10 == 0) {
        progress.printf(Locale.ROOT, "%s: step %d/%d%n", what.replaceFirst(", about .* left$", ""), seen[0], steps);
      }
    };
  }

  private static Run launch(LaplaceDemo.Args args, String balancing, RunOptions options, int ranks, int warmup,
      int round, java.util.function.Consumer<String> echo) {
    List<String> a = new ArrayList<>(List.of("--quiet", "--step-json"));
    a.addAll(options.toArgs());
    LaunchResult result = MpjLauncher.locate().withRanks(ranks).withDevice(args.device())
        .withTimeout(Duration.ofMinutes(30)).withEcho(echo).launch(LaplaceDemoProgram.class, a).orThrow();
    List<JsonNode> steps = new ArrayList<>();
    JsonNode summary = null;
    for (String l : result.output()) {
      if (l.startsWith(LaplaceDemoProgram.STEP_JSON)) {
        steps.add(read(l.substring(LaplaceDemoProgram.STEP_JSON.length())));
      } else if (l.startsWith(LaplaceDemoProgram.RESULT_JSON)) {
        summary = read(l.substring(LaplaceDemoProgram.RESULT_JSON.length()));
      }
    }
    if (summary == null) {
      throw new IllegalStateException(balancing + " on " + ranks + " ranks printed no " + LaplaceDemoProgram.RESULT_JSON
          + " line: " + result.summary());
    }
    return new Run(balancing, ranks, summary, steps, warmup, round);
  }

  private static JsonNode read(String json) {
    try {
      return JSON.readTree(json.trim());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the ranks' line " + json, e);
    }
  }

  /** The 1-rank run of the same mode and repeat (what speedup is measured against), or null. */
  private static Run serial(Run r, List<Run> runs) {
    for (Run x : runs) {
      if (x.ranks() == 1 && x.balancing().equals(r.balancing()) && x.round() == r.round()) {
        return x;
      }
    }
    return null;
  }

  static ObjectNode line(Run r, List<Run> runs, RunOptions base, LaplaceDemo.Args args, int cores) {
    ObjectNode n = JSON.createObjectNode();
    n.put("repeat", r.round());
    n.put("ranks", r.ranks());
    n.put("balancing", r.balancing());
    n.put("device", args.device().mpjName());
    n.put("cores", cores);
    n.put("baseCells", base.baseCells());
    n.put("lmax", base.lmax());
    n.put("sweeps", base.sweepsPerStep());
    n.put("warmupSteps", r.warmup());
    n.put("secondsPerStep", r.secondsPerStep());
    Run one = serial(r, runs);
    double speedup = one == null ? Double.NaN : one.secondsPerStep() / r.secondsPerStep();
    n.put("speedup", speedup);
    n.put("parallelEfficiency", speedup / r.ranks());
    n.put("wholeRunSecondsPerStep", r.wholeRunSecondsPerStep());
    n.put("wholeRunSpeedup", one == null ? Double.NaN : one.wholeRunSecondsPerStep() / r.wholeRunSecondsPerStep());
    n.put("utilization", r.utilization());
    n.put("remaps", (int) r.sum("remaps"));
    n.put("remapSeconds", r.sum("remapSeconds"));
    n.put("predictionError", r.mean("predictionError"));
    n.put("compilerSecondsMeasured", r.compilerSecondsMeasured());
    n.put("wholeRunUtilization", r.result().get("utilization").asDouble());
    n.put("wholeRunRemaps", r.result().get("remaps").asInt());
    ObjectNode perStep = n.putObject("perStep");
    for (String phase : List.of("compute", "exchange", "waiting", "regrid", "remap")) {
      perStep.put(phase + "Seconds", r.mean(phase + "Seconds"));
    }
    ArrayNode each = n.putArray("steps");
    r.steps().forEach(each::add);
    return n;
  }

  /** Median, lowest and highest of {@code v}. */
  record Spread(double median, double min, double max) {
    static Spread of(List<Double> v) {
      List<Double> sorted = v.stream().sorted().toList();
      int n = sorted.size();
      double median = n == 0 ? Double.NaN : n % 2 == 1 ? sorted.get(n / 2)
          : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
      return new Spread(median, n == 0 ? Double.NaN : sorted.get(0), n == 0 ? Double.NaN : sorted.get(n - 1));
    }

    String format(String f, double scale) {
      return String.format(Locale.ROOT, f + " [" + f + ", " + f + "]", median * scale, min * scale, max * scale);
    }

    ObjectNode json() {
      ObjectNode o = JSON.createObjectNode();
      o.put("median", median);
      o.put("min", min);
      o.put("max", max);
      return o;
    }
  }

  /** Per repeat: the dynamic run's time per step over the static run's of the same repeat and rank count. */
  static Spread dynamicOverStatic(List<Run> runs, int ranks) {
    List<Double> ratios = new ArrayList<>();
    for (Run d : runs) {
      if (d.ranks() == ranks && d.balancing().equals("dynamic")) {
        for (Run s : runs) {
          if (s.ranks() == ranks && s.balancing().equals("static") && s.round() == d.round()) {
            ratios.add(d.secondsPerStep() / s.secondsPerStep());
          }
        }
      }
    }
    return Spread.of(ratios);
  }

  private static Spread of(List<Run> runs, int ranks, String mode, java.util.function.ToDoubleFunction<Run> f) {
    return Spread.of(runs.stream().filter(r -> r.ranks() == ranks && r.balancing().equals(mode))
        .map(r -> f.applyAsDouble(r)).toList());
  }

  private static double speedup(Run r, List<Run> runs) {
    Run one = serial(r, runs);
    return one == null ? Double.NaN : one.secondsPerStep() / r.secondsPerStep();
  }

  static ObjectNode summaryLine(List<Run> runs, int ranks) {
    ObjectNode n = JSON.createObjectNode();
    n.put("summary", true);
    n.put("ranks", ranks);
    n.put("repeats", (int) runs.stream().filter(r -> r.ranks() == ranks && r.balancing().equals("static")).count());
    for (String mode : List.of("static", "dynamic")) {
      ObjectNode m = n.putObject(mode);
      m.set("secondsPerStep", of(runs, ranks, mode, Run::secondsPerStep).json());
      m.set("speedup", of(runs, ranks, mode, r -> speedup(r, runs)).json());
    }
    n.set("dynamicOverStatic", dynamicOverStatic(runs, ranks).json());
    return n;
  }

  private static void table(PrintStream out, List<Run> runs, RunOptions base, LaplaceDemo.Args args, int cores,
      List<Integer> rankCounts) {
    out.println();
    out.println("Medians over the repeats [lowest, highest]; dynamic / static is paired within each repeat:");
    out.println();
    out.println("| ranks | static: time per step | dynamic: time per step | dynamic / static | speedup static |"
        + " speedup dynamic |");
    out.println("|---|---|---|---|---|---|");
    for (int p : rankCounts) {
      out.printf(Locale.ROOT, "| %d | %s ms | %s ms | %s | %s | %s |%n", p,
          of(runs, p, "static", Run::secondsPerStep).format("%.1f", 1e3),
          of(runs, p, "dynamic", Run::secondsPerStep).format("%.1f", 1e3),
          dynamicOverStatic(runs, p).format("%.3f", 1),
          of(runs, p, "static", r -> speedup(r, runs)).format("%.2f", 1),
          of(runs, p, "dynamic", r -> speedup(r, runs)).format("%.2f", 1));
    }
    out.println();
    out.println("| repeat | balancing | ranks | time per step | speedup | efficiency | utilization | remaps (cost) |"
        + " compute / exchange / regrid / remap per step | prediction error | JIT compiling | whole run: time per"
        + " step, speedup |");
    out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (Run r : runs) {
      ObjectNode l = line(r, runs, base, args, cores);
      JsonNode ps = l.get("perStep");
      out.printf(Locale.ROOT, "| %d | %s | %d | %.1f ms | %.2f | %.2f | %.3f | %d (%.1f ms) | %.1f / %.1f / %.1f / %.1f"
          + " ms | %.3f | %.1f s | %.1f ms, %.2f |%n", r.round(), r.balancing(), r.ranks(), 1e3 * r.secondsPerStep(),
          l.get("speedup").asDouble(), l.get("parallelEfficiency").asDouble(), l.get("utilization").asDouble(),
          l.get("remaps").asInt(), 1e3 * l.get("remapSeconds").asDouble(), 1e3 * ps.get("computeSeconds").asDouble(),
          1e3 * ps.get("exchangeSeconds").asDouble(), 1e3 * ps.get("regridSeconds").asDouble(),
          1e3 * ps.get("remapSeconds").asDouble(), l.get("predictionError").asDouble(), r.compilerSecondsMeasured(),
          1e3 * r.wholeRunSecondsPerStep(), l.get("wholeRunSpeedup").asDouble());
    }
  }

  /** Time per step of every run, remaps marked with a cross on their run's line. */
  static void plot(List<Run> runs, Path png, RunOptions base) {
    System.setProperty("java.awt.headless", "true");
    XYSeriesCollection data = new XYSeriesCollection();
    XYSeriesCollection marks = new XYSeriesCollection();
    for (Run r : runs) {
      String name = r.balancing() + ", " + r.ranks() + (r.ranks() == 1 ? " rank" : " ranks");
      XYSeries line = new XYSeries(name);
      XYSeries remaps = new XYSeries("remap (" + name + ")");
      for (JsonNode s : r.steps()) {
        double ms = 1e3 * s.get("wallSeconds").asDouble();
        line.add(s.get("step").asInt(), ms);
        if (s.get("remaps").asInt() > 0) {
          remaps.add(s.get("step").asInt(), ms);
        }
      }
      data.addSeries(line);
      if (!remaps.isEmpty()) {
        marks.addSeries(remaps);
      }
    }
    JFreeChart chart = ChartFactory.createXYLineChart(String.format(Locale.ROOT,
        "Moving Laplace example, %dx%d level 0, levels 0..%d: time per step", base.baseCells(), base.baseCells(),
        base.lmax()), "step", "wall time per step (ms, slowest rank)", data, PlotOrientation.VERTICAL, true, false,
        false);
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.getDomainAxis().setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    // One colour per rank count, dashed for static: the pairs to compare sit side by side.
    Color[] byRanks = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0x9467bd)};
    XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, false);
    for (int k = 0; k < data.getSeriesCount(); k++) {
      Run r = runs.get(k);
      boolean dashed = r.balancing().equals("static");
      lines.setSeriesPaint(k, byRanks[Math.min(byRanks.length - 1, Integer.numberOfTrailingZeros(r.ranks()))]);
      lines.setSeriesStroke(k, dashed ? new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
          new float[] {6f, 4f}, 0f) : new BasicStroke(2f));
    }
    plot.setRenderer(0, lines);
    plot.setDataset(1, marks);
    XYLineAndShapeRenderer crosses = new XYLineAndShapeRenderer(false, true);
    for (int k = 0; k < marks.getSeriesCount(); k++) {
      crosses.setSeriesShape(k, new java.awt.geom.Rectangle2D.Double(-4, -4, 8, 8));
      crosses.setSeriesPaint(k, Color.BLACK);
    }
    plot.setRenderer(1, crosses);
    int warmup = runs.isEmpty() ? 0 : runs.get(0).warmup();
    if (warmup > 0) {
      ValueMarker end = new ValueMarker(warmup + 0.5, Color.GRAY, new BasicStroke(1f));
      end.setLabel("end of warm-up");
      end.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
      end.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      plot.addDomainMarker(end);
    }
    try {
      Files.createDirectories(png.toAbsolutePath().getParent());
      ChartUtils.saveChartAsPNG(png.toFile(), chart, 1000, 560);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + png, e);
    }
  }
}
