package org.amrbalance.experiments.triggers;

import org.amrbalance.triggers.RemapPolicies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javax.annotation.Nullable;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.cli.Values;
import org.amrbalance.experiments.plot.Json;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.readers.trace.StepTraceFormatException;
import org.amrbalance.readers.trace.StepTraceReader;
import org.amrbalance.spi.RemapPolicy;
import picocli.CommandLine;

/**
 * {@code replay}: triggers run over a recorded step-time trace (docs/triggers.md, "Replaying a step-time trace"),
 * each compared with the best fixed interval in hindsight and with never remapping on the same trace.
 */
@CommandLine.Command(name = "replay", sortOptions = false,
    description = "run triggers over a recorded step-time trace (CSV step,rank,seconds) and compare their utilization")
public final class ReplayCommand implements Command {
  @CommandLine.Option(names = "--trace", paramLabel = "FILE",
      description = "the trace: CSV step,rank,seconds with regrid and remap rows, or its .gz (required)")
  String trace;

  @CommandLine.Option(names = "--trigger", paramLabel = "NAME",
      description = "a trigger name, any:a,b, all:a,b, or all (default all; repeatable)")
  @Nullable
  List<String> trigger;

  @CommandLine.Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "a trigger option, KEY = trigger.option (repeatable)")
  @Nullable
  List<String> set;

  @CommandLine.Option(names = "--remap-model", paramLabel = "M",
      description = "what an unrecorded remap leaves: persistent[:H] (default; it removes each rank's mean share"
          + " over the steps within H of it, H = 5, not the noise), measured (the trace's imbalance after its remaps),"
          + " level:X (imbalance X; level:1 takes noise as removable too) or factor:F")
  String remapModel;

  @CommandLine.Option(names = "--remap-cost", paramLabel = "SECONDS",
      description = "cost of every replayed remap (default: as measured in the trace)")
  String remapCost;

  @CommandLine.Option(names = "--blocks", paramLabel = "B",
      description = "blocks of steps for the batch-means interval, in [2, 1000] (default 10)")
  String blocks;

  @CommandLine.Option(names = "--fixed-max", paramLabel = "M",
      description = "best fixed interval searched over m = 1..M, in [1, 100000] (default 50)")
  String fixedMax;

  @CommandLine.Option(names = "--json", description = "print one JSON object instead of a table")
  boolean json;

  /**
   * The checked options: every trigger name and {@code --set} key and value is valid and the trace exists; the
   * remap model is checked for its form here and against the trace once it is read.
   *
   * @param triggers the trigger specs, in the order given, {@code all} expanded
   * @param settings the {@code --set} values
   * @param remapCost seconds per replayed remap, or NaN for the trace's own
   */
  record Options(Path trace, List<String> triggers, List<String> settings, String remapModel, double remapCost,
      int blocks, int fixedMax, boolean json) {
    /**
     * Fresh policies of each trigger, told what a host knows, as {@code simulate} tells them: the remap cost before
     * the first measured one ({@code initial-cost}) and the run length ({@code steps}, {@code expected-steps}),
     * unless {@code --set} says otherwise.
     */
    Map<String, Supplier<RemapPolicy>> policies(double initialCost, int steps) {
      NamedTriggers named = NamedTriggers.discover();
      Map<String, String> defaults = new LinkedHashMap<>();
      if (Double.isFinite(initialCost)) {
        defaults.put("initial-cost", Double.toString(initialCost));
      }
      defaults.put("steps", Integer.toString(steps));
      defaults.put("expected-steps", Integer.toString(steps));
      Map<String, Map<String, String>> options = named.options(triggers, settings, defaults);
      Map<String, Supplier<RemapPolicy>> policies = new LinkedHashMap<>();
      for (String s : triggers) {
        policies.putIfAbsent(s, named.policy(s, options));
      }
      return policies;
    }
  }

  Options options(Path workingDirectory) {
    if (trace == null) {
      throw new UsageException("a trace file is required", "--trace");
    }
    double cost = remapCost == null ? Double.NaN : Values.number("--remap-cost", remapCost, 0, 0, 1e9);
    int b = Values.integer("--blocks", blocks, 10, 2, 1000);
    int fm = Values.integer("--fixed-max", fixedMax, 50, 1, 100_000);
    String model = remapModel == null ? RemapModel.DEFAULT : remapModel;
    RemapModel.parse(model, 1); // its form; "measured" is checked against the trace
    NamedTriggers named = NamedTriggers.discover();
    List<String> expanded = new ArrayList<>();
    for (String s : trigger == null ? List.of("all") : trigger) {
      if (s.strip().equals("all")) {
        expanded.addAll(named.names());
      } else {
        expanded.add(s.strip());
      }
    }
    Options checked = new Options(Values.readableFile("--trace", trace, workingDirectory), List.copyOf(expanded),
        set == null ? List.of() : List.copyOf(set), model, cost, b, fm, json);
    checked.policies(1, 1); // every name, key and value, before the trace is read
    return checked;
  }

  @Override
  public int run(Invocation call) throws IOException {
    Options o = options(call.workingDirectory());
    StepTrace steps;
    try {
      steps = StepTraceReader.read(o.trace());
    } catch (StepTraceFormatException e) {
      throw UsageException.of(e);
    } catch (IOException e) {
      throw UsageException.unreadable(e, o.trace());
    }
    RemapModel model = RemapModel.parse(o.remapModel(), TraceReplay.measuredLevel(steps));
    TraceReplay replay;
    try {
      replay = TraceReplay.of(steps, model, o.remapCost());
    } catch (IllegalArgumentException e) {
      throw UsageException.input(e.getMessage(), o.trace());
    }
    double initialCost = Double.isNaN(o.remapCost()) ? replay.meanMeasuredCost() : o.remapCost();
    Report report = Report.of(replay, o.policies(initialCost, replay.steps()), o.blocks(),
        Math.min(o.fixedMax(), Math.max(1, replay.steps() - 1)));
    call.out().print(o.json() ? report.json(steps, model, o.remapCost(), o.blocks())
        : report.table(steps, model, o.remapCost(), o.blocks()));
    return 0;
  }

  /** The references and one row per trigger. */
  record Report(int bestInterval, TraceReplay.Run best, TraceReplay.Run never, List<Row> rows, double meanCost) {
    record Row(String name, TraceReplay.Run run, PairedDifference versusBest, PairedDifference versusNever) {}

    static Report of(TraceReplay replay, Map<String, Supplier<RemapPolicy>> policies, int blocks, int fixedMax) {
      TraceReplay.Run never = replay.run(RemapPolicies::never);
      TraceReplay.Run best = null;
      int bestM = 0;
      for (int m = 1; m <= fixedMax; m++) {
        int every = m;
        TraceReplay.Run r = replay.run(() -> RemapPolicies.fixedInterval(every));
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
      ObjectNode o = Json.object().put("command", "replay").put("trace", trace.source())
          .put("steps", never.avg().length).put("ranks", trace.ranks()).put("recordedRemaps", trace.remaps())
          .put("meanMeasuredCost", Json.shortest(meanCost)).put("remapModel", model.describe())
          .put("remapCost", Json.shortest(cost)).put("blocks", Math.min(blocks, never.avg().length))
          .put("bestFixedInterval", bestInterval).put("bestFixedUtilization", Json.fixed(best.utilization(), 6))
          .put("neverUtilization", Json.fixed(never.utilization(), 6));
      ArrayNode triggers = o.putArray("triggers");
      for (Row r : rows) {
        ObjectNode row = triggers.addObject().put("trigger", r.name()).put("remaps", r.run().remaps())
            .put("utilization", Json.fixed(r.run().utilization(), 6));
        row.set("versusBestFixed", r.versusBest().toJson());
        row.set("versusNever", r.versusNever().toJson());
      }
      return Json.line(o) + System.lineSeparator();
    }
  }
}
