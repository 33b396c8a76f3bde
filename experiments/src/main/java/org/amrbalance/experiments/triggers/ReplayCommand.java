package org.amrbalance.experiments.triggers;

import java.io.PrintStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.amrbalance.experiments.Command;
import org.amrbalance.experiments.cli.Args;
import org.amrbalance.experiments.cli.Option;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.readers.trace.StepTraceFormatException;
import org.amrbalance.readers.trace.StepTraceReader;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.triggers.FixedInterval;
import org.amrbalance.triggers.NeverRemap;

/**
 * {@code replay}: triggers run over a recorded step-time trace (docs/triggers.md, "Replaying a step-time trace"),
 * each compared with the best fixed interval in hindsight and with never remapping on the same trace.
 */
public final class ReplayCommand implements Command {
  @Override
  public String name() {
    return "replay";
  }

  @Override
  public String summary() {
    return "run triggers over a recorded step-time trace (CSV step,rank,seconds) and compare their utilization";
  }

  @Override
  public List<Option> options() {
    return List.of(
        Option.value("trace", "FILE", "the trace: CSV step,rank,seconds with regrid and remap rows, or its .gz"),
        Option.value("trigger", "NAME", "a trigger name, any:a,b, all:a,b, or all (default all; repeatable)"),
        Option.value("set", "KEY=VALUE", "a trigger option, KEY = trigger.option (repeatable)"),
        Option.value("remap-model", "M", "what an unrecorded remap leaves: measured, level:X or factor:F"
            + " (default measured)"),
        Option.value("remap-cost", "SECONDS", "cost of every replayed remap (default: as measured in the trace)"),
        Option.value("blocks", "B", "blocks of steps for the batch-means interval, in [2, 1000] (default 10)"),
        Option.value("fixed-max", "M", "best fixed interval searched over m = 1..M, in [1, 100000] (default 50)"),
        Option.flag("json", "print one JSON object instead of a table"));
  }

  @Override
  public int run(Args args, PrintStream out, PrintStream err) {
    if (!args.positional().isEmpty()) {
      throw new UsageException("unexpected argument '" + args.positional().get(0) + "' (the trace goes after --trace)");
    }
    String file = args.required("trace");
    List<String> specs = args.all("trigger").isEmpty() ? List.of("all") : args.all("trigger");
    double remapCost = args.has("remap-cost") ? args.number("remap-cost", 0, 0, 1e9) : Double.NaN;
    int blocks = args.integer("blocks", 10, 2, 1000);
    int fixedMax = args.integer("fixed-max", 50, 1, 100_000);
    String modelSpec = args.string("remap-model", "measured");
    NamedTriggers named = NamedTriggers.discover();
    List<String> expanded = new ArrayList<>();
    for (String s : specs) {
      if (s.strip().equals("all")) {
        expanded.addAll(named.names());
      } else {
        expanded.add(s.strip());
      }
    }
    Map<String, Map<String, String>> options = named.options(expanded, args.all("set"), Map.of());
    Map<String, Supplier<RemapPolicy>> policies = new LinkedHashMap<>();
    for (String s : expanded) {
      policies.putIfAbsent(s, named.policy(s, options));
    }
    StepTrace trace;
    try {
      trace = StepTraceReader.read(Path.of(file));
    } catch (InvalidPathException e) {
      throw new UsageException("--trace = " + file + ": not a file name");
    } catch (StepTraceFormatException e) {
      err.println("amrbalance replay: " + e.getMessage());
      return 2;
    } catch (java.io.IOException e) {
      err.println("amrbalance replay: " + file + ": cannot be read (" + e.getMessage() + ")");
      return 2;
    }
    RemapModel model = RemapModel.parse(modelSpec, TraceReplay.measuredLevel(trace));
    TraceReplay replay;
    try {
      replay = TraceReplay.of(trace, model, remapCost);
    } catch (IllegalArgumentException e) {
      throw new UsageException(file + ": " + e.getMessage());
    }
    Report report = Report.of(replay, policies, blocks, Math.min(fixedMax, Math.max(1, replay.steps() - 1)));
    out.print(args.flag("json") ? report.json(trace, model, remapCost, blocks) : report.table(trace, model, remapCost,
        blocks));
    return 0;
  }

  /** The references and one row per trigger. */
  record Report(int bestInterval, TraceReplay.Run best, TraceReplay.Run never, List<Row> rows, double meanCost) {
    record Row(String name, TraceReplay.Run run, PairedDifference versusBest, PairedDifference versusNever) {}

    static Report of(TraceReplay replay, Map<String, Supplier<RemapPolicy>> policies, int blocks, int fixedMax) {
      TraceReplay.Run never = replay.run(NeverRemap::new);
      TraceReplay.Run best = null;
      int bestM = 0;
      for (int m = 1; m <= fixedMax; m++) {
        int every = m;
        TraceReplay.Run r = replay.run(() -> FixedInterval.every(every));
        if (best == null || r.utilization() > best.utilization()) {
          best = r;
          bestM = m;
        }
      }
      List<Row> rows = new ArrayList<>();
      TraceReplay.Run recorded = replay.recorded();
      rows.add(new Row("(recorded)", recorded, recorded.minus(best, blocks), recorded.minus(never, blocks)));
      for (Map.Entry<String, Supplier<RemapPolicy>> e : policies.entrySet()) {
        TraceReplay.Run r = replay.run(e.getValue());
        rows.add(new Row(e.getKey(), r, r.minus(best, blocks), r.minus(never, blocks)));
      }
      return new Report(bestM, best, never, rows, replay.meanMeasuredCost());
    }

    String table(StepTrace trace, RemapModel model, double cost, int blocks) {
      StringBuilder s = new StringBuilder();
      int n = never.avg().length;
      s.append(String.format(Locale.ROOT, "trace %s: %d steps, %d ranks, %d remaps recorded%s%n", trace.source(), n,
          trace.ranks(), trace.remaps(), Double.isNaN(meanCost) ? "" : String.format(Locale.ROOT,
              " (mean cost %.6f s)", meanCost)));
      s.append(String.format(Locale.ROOT, "remap model %s; remap cost %s%n", model.describe(),
          Double.isNaN(cost) ? "as measured" : TriggerExperiments.num(cost) + " s"));
      s.append(String.format(Locale.ROOT, "best fixed interval in hindsight: m = %d (utilization %.4f); never %.4f%n",
          bestInterval, best.utilization(), never.utilization()));
      s.append(String.format(Locale.ROOT, "%-34s %6s %11s  %-28s  %s%n", "trigger", "remaps", "utilization",
          "vs best fixed [95% CI]", "vs never [95% CI]"));
      for (Row r : rows) {
        s.append(String.format(Locale.ROOT, "%-34s %6d %11.4f  %-28s  %s%n", r.name(), r.run().remaps(),
            r.run().utilization(), r.versusBest().toText(), r.versusNever().toText()));
      }
      s.append(String.format(Locale.ROOT, "utilization = sum T_avg / (sum T_max + remap costs); differences over the"
          + " whole trace, 95%% interval by batch means over %d blocks of steps%n", Math.min(blocks, n)));
      return s.toString();
    }

    String json(StepTrace trace, RemapModel model, double cost, int blocks) {
      StringBuilder rowsJson = new StringBuilder();
      for (Row r : rows) {
        rowsJson.append(rowsJson.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT,
            "{\"trigger\": \"%s\", \"remaps\": %d, \"utilization\": %.6f, \"versusBestFixed\": %s,"
                + " \"versusNever\": %s}", quote(r.name()), r.run().remaps(), r.run().utilization(),
            r.versusBest().toJson(), r.versusNever().toJson()));
      }
      return String.format(Locale.ROOT, "{\"command\": \"replay\", \"trace\": \"%s\", \"steps\": %d, \"ranks\": %d,"
              + " \"recordedRemaps\": %d, \"meanMeasuredCost\": %s, \"remapModel\": \"%s\", \"remapCost\": %s,"
              + " \"blocks\": %d, \"bestFixedInterval\": %d, \"bestFixedUtilization\": %.6f,"
              + " \"neverUtilization\": %.6f, \"triggers\": [%s]}%n",
          quote(trace.source()), never.avg().length, trace.ranks(), trace.remaps(),
          Double.isNaN(meanCost) ? "null" : TriggerExperiments.num(meanCost), quote(model.describe()),
          Double.isNaN(cost) ? "null" : TriggerExperiments.num(cost), Math.min(blocks, never.avg().length),
          bestInterval, best.utilization(), never.utilization(), rowsJson);
    }

    private static String quote(String s) {
      return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
  }
}
