package org.amrbalance.experiments.advise;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.annotation.Nullable;
import org.amrbalance.balancers.LoadBalancers;
import org.amrbalance.experiments.balance.BalanceCommand;
import org.amrbalance.experiments.balance.CostMixin;
import org.amrbalance.experiments.balance.CostOptions;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.cli.Values;
import org.amrbalance.experiments.plot.Json;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyFormatException;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.readers.trace.StepTraceFormatException;
import org.amrbalance.readers.trace.StepTraceReader;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Machine;
import org.amrbalance.triggers.RemapPolicies;
import picocli.CommandLine;

/**
 * {@code advise}: every balancer × trigger replayed over a run's hierarchies ({@link Advisor}) with a cost model
 * calibrated from the run's step-time trace where one is given ({@link StepCostModel}), ranked by the predicted time
 * of the whole run, against what the code did (the ranks recorded in the files) or, where the files record none on
 * that rank count, against AMReX's default (a space-filling curve at every regrid).
 */
@CommandLine.Command(name = "advise", sortOptions = false,
    description = "predict which balancer and trigger save the most time over a run, from its hierarchies"
        + " (one file or a series) and, optionally, its step-time trace")
public final class AdviseCommand implements Command {
  /** The baseline where the files record no assignment on the rank count: what AMReX does by default. */
  static final String BASELINE_BALANCER = "sfc-hilbert";
  static final String BASELINE_TRIGGER = "every-regrid";

  @CommandLine.Option(names = "--input", paramLabel = "PATH[,PATH...]",
      description = "a hierarchy file, an AMReX plotfile folder, or a folder holding a series (plotfile folders,"
          + " Enzo .hierarchy files or Chombo layouts, in name order); several paths are taken in the order given"
          + " (required)")
  String input;

  @CommandLine.Option(names = "--format", paramLabel = "F", description = "auto, enzo, chombo or amrex (default auto)")
  String format;

  @CommandLine.Option(names = "--trace", paramLabel = "FILE",
      description = "the run's step-time trace (CSV step,rank,seconds with regrid and wall rows, as the demo's"
          + " --trace writes it): calibrates seconds per unit of work, per step and outside the work (from the wall"
          + " rows), and the steps between the files")
  @Nullable
  String trace;

  @CommandLine.Option(names = "--ranks", paramLabel = "P[,P...]", description = "rank counts (default 16)")
  String ranks;

  @CommandLine.Option(names = "--balancer", paramLabel = "NAME[,NAME...]", description = "balancers (default all)")
  String balancer;

  @CommandLine.Option(names = "--trigger", paramLabel = "NAME[,NAME...]", description = "triggers (default all)")
  String trigger;

  @CommandLine.Option(names = "--steps-per-file", paramLabel = "N",
      description = "solver steps each file of the series stands for (default: from the trace's regrids, else 10)")
  @Nullable
  String stepsPerFile;

  @CommandLine.Option(names = "--bandwidth", paramLabel = "B/S",
      description = "bytes per second a rank moves in a remap (default 1e9)")
  @Nullable
  String bandwidth;

  @CommandLine.Option(names = "--latency", paramLabel = "SECONDS",
      description = "seconds per message of a remap (default 5e-5)")
  @Nullable
  String latency;

  @CommandLine.Option(names = "--lockstep-efficiency", paramLabel = "E",
      description = "how fast ranks that meet at every exchange run on the machine to predict for, as a share of full"
          + " speed, in (0, 1]: what `amrbalance lockstep` prints as lockstep speedup over the threads; applied to"
          + " more ranks than a one-rank trace's (default 1: full speed)")
  @Nullable
  String lockstepEfficiency;

  @CommandLine.Mixin
  CostMixin costOptions = new CostMixin();

  @CommandLine.Option(names = "--top", paramLabel = "N", description = "rows of the table per rank count (default 12)")
  @Nullable
  String top;

  @CommandLine.Option(names = "--plot", paramLabel = "FILE.png",
      description = "plot the predicted time per step along the series of the best configurations and the baseline")
  @Nullable
  String plot;

  @CommandLine.Option(names = "--json", description = "one JSON object per configuration instead of the table")
  boolean json;

  /** The checked options of one call. */
  record Options(List<Path> inputs, String format, @Nullable Path trace, List<Integer> ranks, List<String> balancers,
      List<String> triggers, int stepsPerFile, double bandwidth, double latency, double lockstepEfficiency,
      CostOptions costs, int top, @Nullable Path plot, boolean json) {}

  Options options(Path wd) {
    List<Path> inputs = inputs(input, wd);
    List<String> balancers = names("--balancer", balancer, LoadBalancers.names());
    List<String> triggers = names("--trigger", trigger, RemapPolicies.names());
    CostOptions c = costOptions.options(wd);
    if (c.costs() != null && (inputs.size() > 1 || java.nio.file.Files.isDirectory(inputs.get(0))
        && !java.nio.file.Files.isRegularFile(inputs.get(0).resolve(Values.AMREX_HEADER)))) {
      throw new UsageException("measured costs name the boxes of one file: give one input file", "--costs");
    }
    return new Options(inputs, Values.choice("--format", format, "auto", BalanceCommand.formats()), trace == null ? null : Values.readableFile("--trace", trace, wd),
        Values.integers("--ranks", ranks, List.of(16), 1, 1 << 20), balancers, triggers,
        Values.integer("--steps-per-file", stepsPerFile, 0, 1, 1_000_000),
        Values.number("--bandwidth", bandwidth, StepCostModel.ASSUMED_BYTES_PER_SECOND, 1, 1e300),
        Values.number("--latency", latency, StepCostModel.ASSUMED_LATENCY, 0, 1e6),
        Values.number("--lockstep-efficiency", lockstepEfficiency, 1, 1e-3, 1), c,
        Values.integer("--top", top, 12, 1, 100_000), plot == null ? null : Values.path("--plot", plot, wd), json);
  }

  /**
   * The hierarchies of {@code inputs} in time order ({@link HierarchySeries}), each with {@code costs} applied; a
   * reader's notes go to {@code err} under the command's name, a malformed file is the usage error naming it.
   */
  static List<HierarchyFile> readSeries(String command, List<Path> inputs, String format,
      CostOptions costs, PrintStream err) throws IOException {
    List<HierarchyFile> series = new ArrayList<>();
    for (Path in : inputs) {
      for (Path file : HierarchySeries.files(in)) {
        try {
          HierarchyFile f = BalanceCommand.read(file, format);
          f.notes().forEach(n -> err.println(command + ": note: " + n));
          series.add(costs.apply(f));
        } catch (HierarchyFormatException e) {
          throw UsageException.of(e);
        }
      }
    }
    return series;
  }

  /** The paths of a comma-separated {@code --input}, each of which must exist. */
  static List<Path> inputs(@Nullable String input, Path wd) {
    if (input == null || input.isBlank()) {
      throw new UsageException("a hierarchy file, plotfile folder or series folder is required", "--input");
    }
    List<Path> inputs = new ArrayList<>();
    for (String name : input.split(",")) {
      Path p = Values.path("--input", name.strip(), wd);
      if (!java.nio.file.Files.exists(p)) {
        throw UsageException.input("no such file or folder", p);
      }
      inputs.add(p);
    }
    return inputs;
  }

  private static List<String> names(String option, @Nullable String raw, java.util.Set<String> known) {
    if (raw == null || raw.strip().equals("all")) {
      return List.copyOf(known);
    }
    List<String> out = new ArrayList<>();
    for (String n : raw.split(",")) {
      if (!known.contains(n.strip())) {
        throw new UsageException("unknown name " + n.strip() + "; known: " + String.join(", ", known) + " or all",
            option + " " + raw);
      }
      out.add(n.strip());
    }
    return out;
  }

  @Override
  public int run(Invocation call) throws IOException {
    Options o = options(call.workingDirectory());
    List<HierarchyFile> series = readSeries("advise", o.inputs(), o.format(), o.costs(), call.err());
    StepTrace t = null;
    if (o.trace() != null) {
      try {
        t = StepTraceReader.read(o.trace());
      } catch (StepTraceFormatException e) {
        throw UsageException.of(e);
      }
    }
    Calibration cal = calibrate(series, t, o);
    call.err().printf("advise: %d hierarchies, %d steps, %d configurations on %s ranks%n", series.size(),
        cal.steps().length == 0 ? 0 : java.util.Arrays.stream(cal.steps()).sum(),
        o.balancers().size() * o.triggers().size() * o.ranks().size(), o.ranks());
    Advisor advisor = new Advisor(series, cal.steps(), cal.model());
    List<Advisor.Prediction> all = advisor.predictAll(o.balancers(), Map.of(), o.triggers(), o.ranks());
    Optional<Advisor.Prediction> recorded = advisor.recorded();
    PrintStream out = call.out();
    List<Advisor.Prediction> plotted = new ArrayList<>();
    for (int p : o.ranks()) {
      List<Advisor.Prediction> ranked = all.stream().filter(x -> x.ranks() == p)
          .sorted(Comparator.comparingDouble(Advisor.Prediction::totalSeconds)).toList();
      Advisor.Prediction baseline = recorded.filter(r -> r.ranks() == p).orElseGet(() -> all.stream()
          .filter(x -> x.ranks() == p && x.balancer().equals(BASELINE_BALANCER)
              && x.trigger().equals(BASELINE_TRIGGER)).findFirst()
          .orElseGet(() -> advisor.predict(BASELINE_BALANCER, Map.of(), BASELINE_TRIGGER, p)));
      if (o.json()) {
        ranked.forEach(x -> out.println(json(x, baseline)));
        out.println(json(baseline, baseline));
        continue;
      }
      out.printf("%n%d ranks: baseline %s%n%n", p, label(baseline));
      Table table = Table.withColumns("#", "balancer", "trigger", "s/step", "total s", "remaps", "migrated MB",
          "vs baseline");
      for (int i = 0; i < Math.min(o.top(), ranked.size()); i++) {
        Advisor.Prediction x = ranked.get(i);
        table.add(i + 1, x.balancer(), x.trigger(), fmt("%.4g", x.secondsPerStep()), fmt("%.4g", x.totalSeconds()),
            x.remaps(), fmt("%.3g", x.migratedBytes() / 1e6),
            fmt("%+.1f%%", 100 * (x.totalSeconds() / baseline.totalSeconds() - 1)));
      }
      out.print(table.toMarkdown());
      out.println();
      out.println(recommendation(ranked.get(0), baseline, p));
      if (plotted.isEmpty()) {
        plotted.addAll(ranked.subList(0, Math.min(4, ranked.size())));
        plotted.add(baseline);
      }
    }
    if (!o.json()) {
      out.println();
      out.println("Cost model: " + cal.model().source() + ". " + cal.stepsSource());
      if (t != null) {
        int traceRanks = t.ranks();
        List<Integer> other = o.ranks().stream().filter(p -> p != traceRanks).toList();
        if (!other.isEmpty()) {
          out.println(acrossRankCounts(traceRanks, other));
        }
      }
    }
    if (o.plot() != null && !plotted.isEmpty()) {
      LinePlot chart = LinePlot.titled("Predicted time per step on " + plotted.get(0).ranks() + " ranks")
          .axes("hierarchy of the series", "seconds per step");
      for (Advisor.Prediction x : plotted) {
        double[] xs = new double[x.stepSecondsPerFile().length];
        for (int i = 0; i < xs.length; i++) {
          xs[i] = i;
        }
        chart.with(label(x), xs, x.stepSecondsPerFile());
      }
      java.nio.file.Path parent = o.plot().toAbsolutePath().getParent();
      if (parent != null) {
        java.nio.file.Files.createDirectories(parent);
      }
      chart.writePng(o.plot(), 900, 560);
      call.err().println("advise: wrote " + o.plot());
    }
    return 0;
  }

  private static String label(Advisor.Prediction x) {
    return x.trigger().equals("-") ? x.balancer() : x.balancer() + " + " + x.trigger();
  }

  static String recommendation(Advisor.Prediction best, Advisor.Prediction baseline, int ranks) {
    double saved = baseline.totalSeconds() - best.totalSeconds();
    return String.format(Locale.ROOT, "Recommendation on %d ranks: %s with %s, predicted %.4g s per step (%d remaps,"
        + " %.3g MB moved) against %.4g s for %s: %s %.4g s (%.1f%%) over the %d steps of the series.", ranks,
        best.balancer(), best.trigger(), best.secondsPerStep(), best.remaps(), best.migratedBytes() / 1e6,
        baseline.secondsPerStep(), label(baseline), saved >= 0 ? "saving" : "losing", Math.abs(saved),
        100 * Math.abs(saved) / baseline.totalSeconds(), best.steps());
  }

  private static String json(Advisor.Prediction x, Advisor.Prediction baseline) {
    ObjectNode n = Json.object().put("balancer", x.balancer()).put("trigger", x.trigger()).put("ranks", x.ranks());
    Json.put(n, "secondsPerStep", x.secondsPerStep());
    Json.put(n, "totalSeconds", x.totalSeconds());
    n.put("steps", x.steps()).put("remaps", x.remaps()).put("migratedBytes", x.migratedBytes());
    Json.put(n, "remapSeconds", x.remapSeconds());
    Json.put(n, "versusBaseline", x.totalSeconds() / baseline.totalSeconds() - 1);
    n.put("baseline", label(baseline));
    return Json.line(n);
  }

  /**
   * What a prediction on other rank counts than the trace's does not see, said with it: measured on the demo
   * (docs/maps.md, scripts/advise-check.sh), 2-rank steps from a 1-rank trace came out 16-34% short in three runs.
   */
  static String acrossRankCounts(int traceRanks, List<Integer> other) {
    return String.format(Locale.ROOT, "Note: the trace ran on %d rank%s; on %s ranks the time outside the work (exchanges"
        + " and waits) and the work rate with every core busy differ from what it measured, and the absolute times"
        + " above can be low by tens of percent (the demo's 2-rank steps predicted from 1 rank: 16-34%% short, 5-24%%"
        + " with --lockstep-efficiency from `amrbalance lockstep`); a trace from the rank count to predict carries"
        + " both.", traceRanks, traceRanks == 1 ? "" : "s",
        other.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")));
  }

  private static String fmt(String f, double v) {
    return String.format(Locale.ROOT, f, v);
  }

  /** The cost model and the steps each file stands for, and how they were obtained. */
  record Calibration(StepCostModel model, int[] steps, String stepsSource) {}

  /**
   * With a trace whose regrids split it into as many segments as there are files, each file stands for its
   * segment's steps and each step is calibrated against the work of that file (on one rank: all of it; on more: the
   * level-synchronous makespan of the ranks the file records, where it records them on the trace's rank count).
   */
  static Calibration calibrate(List<HierarchyFile> series, @Nullable StepTrace trace, Options o) {
    int n = series.size();
    int[] steps = new int[n];
    if (trace == null) {
      java.util.Arrays.fill(steps, o.stepsPerFile() > 0 ? o.stepsPerFile() : 10);
      return new Calibration(StepCostModel.assumed(o.bandwidth(), o.latency())
          .withLockstepEfficiency(o.lockstepEfficiency()), steps, "Each of the " + n
          + " hierarchies stands for " + steps[0] + " steps" + (o.stepsPerFile() > 0 ? "." : " (the default)."));
    }
    List<StepTrace.Step> ts = trace.steps();
    int[] fileOf = new int[ts.size()];
    int regrids = 0;
    for (int i = 0; i < ts.size(); i++) {
      if (i > 0 && ts.get(i).regrid().isPresent()) {
        regrids++;
      }
      fileOf[i] = regrids;
    }
    String how;
    if (regrids + 1 == n) {
      for (int f : fileOf) {
        steps[f]++;
      }
      how = "Each hierarchy stands for the trace's steps up to the next regrid (" + ts.size() + " steps).";
    } else {
      for (int i = 0; i < ts.size(); i++) {
        fileOf[i] = (int) ((long) i * n / ts.size());
        steps[fileOf[i]]++;
      }
      how = "The trace's " + regrids + " regrids do not match the " + n + " hierarchies: its " + ts.size()
          + " steps are spread evenly over them.";
    }
    if (o.stepsPerFile() > 0) {
      java.util.Arrays.fill(steps, o.stepsPerFile());
      how += " --steps-per-file " + o.stepsPerFile() + " sets the steps each hierarchy stands for.";
    }
    double[] makespan = new double[ts.size()];
    Map<Integer, Double> byFile = new LinkedHashMap<>();
    for (int i = 0; i < ts.size(); i++) {
      int f = fileOf[i];
      makespan[i] = byFile.computeIfAbsent(f, k -> makespanOn(series.get(k), trace.ranks()));
    }
    return new Calibration(StepCostModel.fitted(trace, makespan, o.bandwidth(), o.latency())
        .withLockstepEfficiency(o.lockstepEfficiency()), steps, how);
  }

  /** The work of the slowest rank per level, summed, as the trace's ranks ran {@code file}; NaN if unknown. */
  private static double makespanOn(HierarchyFile file, int ranks) {
    if (ranks == 1) {
      return file.hierarchy().totalWork();
    }
    Optional<Assignment> own = file.recordedAssignment();
    if (own.isEmpty() || own.get().ranks() != ranks) {
      return Double.NaN;
    }
    Assignment a = own.get();
    return BalanceReport.of(BalanceProblem.of(a.hierarchy(), Machine.fullyConnected(ranks)), a)
        .levelSynchronousMakespan();
  }
}
