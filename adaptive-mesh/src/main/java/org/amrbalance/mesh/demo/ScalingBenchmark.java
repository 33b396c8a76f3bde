package org.amrbalance.mesh.demo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.amrbalance.mesh.runtime.RunOptions;

/**
 * A benchmark, not a test: the moving Laplace example (the demo's problem) on 1, 2 and 4 MPJ Express ranks, with
 * dynamic balancing (a trigger deciding remaps) and with none (the first placement kept, new grids placed where
 * their data is), reporting wall time per step (slowest rank, static solve and start-up excluded) and parallel
 * efficiency T_1 / (P · T_P). Arguments: {@code [--steps N] [--device multicore|niodev] [--balancer NAME]
 * [--trigger NAME] [--ranks 1,2,4]}; prints a Markdown table.
 */
public final class ScalingBenchmark {
  private static final Pattern RESULT = Pattern.compile("wallPerStep=([0-9.]+) utilization=([0-9.]+) remaps=(\\d+)"
      + " remapCost=([0-9.]+) error=([0-9.eE+-]+)");

  private ScalingBenchmark() {}

  /** One configuration's numbers. */
  record Row(int ranks, String mode, double wallPerStep, double utilization, int remaps, double remapCost,
      double error) {}

  public static void main(String[] args) {
    int steps = 20;
    MpjDevice device = MpjDevice.MULTICORE;
    String balancer = "knapsack";
    String trigger = "stop-at-rise";
    List<Integer> ranks = List.of(1, 2, 4);
    for (int k = 0; k < args.length; k++) {
      switch (args[k]) {
        case "--steps" -> steps = Integer.parseInt(args[++k]);
        case "--device" -> device = MpjDevice.parse(args[++k]);
        case "--balancer" -> balancer = args[++k];
        case "--trigger" -> trigger = args[++k];
        case "--ranks" -> {
          List<Integer> r = new ArrayList<>();
          for (String s : args[++k].split(",")) {
            r.add(Integer.parseInt(s.trim()));
          }
          ranks = r;
        }
        default -> throw new IllegalArgumentException("unknown argument '" + args[k] + "'");
      }
    }
    Map<String, String> modes = new LinkedHashMap<>();
    modes.put("dynamic (" + balancer + " + " + trigger + ")", trigger);
    modes.put("none (" + balancer + " once + never)", "never");
    PrintStream out = System.out;
    out.printf(Locale.ROOT, "moving Laplace example, levels 0..3, 20 sweeps per level and leg, %d steps, %s device,"
        + " %d cores%n", steps, device.mpjName(), Runtime.getRuntime().availableProcessors());
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, String> mode : modes.entrySet()) {
      for (int p : ranks) {
        List<String> a = new ArrayList<>(List.of("--quiet", "--result-line"));
        a.addAll(RunOptions.defaults().withSteps(steps).withBalancer(balancer).withTrigger(mode.getValue()).toArgs());
        LaunchResult result = MpjLauncher.locate().withRanks(p).withDevice(device)
            .withTimeout(Duration.ofMinutes(20)).launch(LaplaceDemoProgram.class, a).orThrow();
        String line = result.output().stream().filter(l -> l.startsWith(LaplaceDemoProgram.RESULT)).findFirst()
            .orElseThrow(() -> new IllegalStateException("no result line in " + result.output()));
        Matcher m = RESULT.matcher(line);
        if (!m.find()) {
          throw new IllegalStateException("cannot read " + line);
        }
        Row row = new Row(p, mode.getKey(), Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
            Integer.parseInt(m.group(3)), Double.parseDouble(m.group(4)), Double.parseDouble(m.group(5)));
        rows.add(row);
        out.println("  " + row);
      }
    }
    out.println();
    out.println("| balancing | ranks | wall time per step | parallel efficiency | remaps (cost) | utilization |");
    out.println("|---|---|---|---|---|---|");
    for (Row r : rows) {
      Row one = rows.stream().filter(x -> x.mode().equals(r.mode()) && x.ranks() == 1).findFirst().orElse(null);
      String eff = one == null ? "-" : String.format(Locale.ROOT, "%.2f", one.wallPerStep() / (r.ranks()
          * r.wallPerStep()));
      out.printf(Locale.ROOT, "| %s | %d | %.1f ms | %s | %d (%.1f ms) | %.3f |%n", r.mode(), r.ranks(),
          1e3 * r.wallPerStep(), eff, r.remaps(), 1e3 * r.remapCost(), r.utilization());
    }
  }
}
