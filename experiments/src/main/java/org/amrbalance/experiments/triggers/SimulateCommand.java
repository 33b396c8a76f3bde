package org.amrbalance.experiments.triggers;

import org.amrbalance.triggers.RemapPolicies;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import javax.annotation.Nullable;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.cli.Values;
import org.amrbalance.spi.RemapPolicy;
import picocli.CommandLine;

/**
 * {@code simulate}: a trigger (or the exact optimum) on a load model of the papers, over many runs; prints JSON with
 * the paired differences, over the runs, against the best fixed interval in hindsight and against never.
 */
@CommandLine.Command(name = "simulate", sortOptions = false,
    description = "simulate a trigger on a load model (MUM, LD, random walk) and print its utilization as JSON")
public final class SimulateCommand implements Command {
  @CommandLine.Option(names = "--model", paramLabel = "M",
      description = "mum (seed 000), ld (seed 000) or randomwalk (seed 003) (default mum)")
  String model;

  @CommandLine.Option(names = "--policy", paramLabel = "P", description = "sar, fixed:m, optimal (mum), a trigger"
      + " name (stop-at-rise, change-detection, ...), any:a,b or all:a,b (default sar)")
  String policy;

  @CommandLine.Option(names = "--set", paramLabel = "KEY=VALUE", description = "a trigger option, KEY ="
      + " trigger.option, e.g. change-detection.batch-size=8 (repeatable; initial-cost and expected-steps default to"
      + " --cost and --steps)")
  @Nullable
  List<String> set;

  @CommandLine.Option(names = "--fixed-max", paramLabel = "M",
      description = "the best fixed interval is searched over m = 1..M (default 50)")
  String fixedMax;

  @CommandLine.Option(names = "--procs", paramLabel = "N", description = "processors (default 8)")
  String procs;

  @CommandLine.Option(names = "--steps", paramLabel = "S", description = "steps per run (default 400)")
  String steps;

  @CommandLine.Option(names = "--cost", paramLabel = "C", description = "remap cost in step units (default 2)")
  String cost;

  @CommandLine.Option(names = "--runs", paramLabel = "R", description = "independent runs, >= 2 (default 200)")
  String runs;

  @CommandLine.Option(names = "--seed", paramLabel = "K", description = "random seed (default 0)")
  String seed;

  @CommandLine.Option(names = "--states", paramLabel = "L", description = "mum: states per chain, odd (default 19)")
  String states;

  @CommandLine.Option(names = "--p", paramLabel = "P", description = "mum: move probability (default 0.5)")
  String p;

  @CommandLine.Option(names = "--remap", paramLabel = "R", description = "mum: average or reset (default average)")
  String remap;

  @CommandLine.Option(names = "--grid", paramLabel = "G", description = "ld: a G x G grid (default 64)")
  String grid;

  @CommandLine.Option(names = "--up", paramLabel = "X", description = "ld: probability of moving up (default 0.1)")
  String up;

  @CommandLine.Option(names = "--right", paramLabel = "X",
      description = "ld: probability of moving right (default 0.1)")
  String right;

  @CommandLine.Option(names = "--down", paramLabel = "X",
      description = "ld: probability of moving down (default 0.05)")
  String down;

  @CommandLine.Option(names = "--left", paramLabel = "X",
      description = "ld: probability of moving left (default 0.05)")
  String left;

  @CommandLine.Option(names = "--load", paramLabel = "W", description = "randomwalk: initial load (default 100)")
  String load;

  @CommandLine.Option(names = "--increments", paramLabel = "I",
      description = "randomwalk: death-birth, normal:mu:sigma2 or exponential:mu (default death-birth)")
  String increments;

  @CommandLine.Option(names = "--tolerance", paramLabel = "D",
      description = "remap-frequency: tolerance D (default 0.1)")
  String tolerance;

  /**
   * The checked options of one simulation.
   *
   * @param policy fresh policies of {@code --policy}; null for {@code optimal}, which is solved for the model
   * @param increments randomwalk: the increment law and its parameters, e.g. {@code normal:1:4}
   */
  record Options(String model, String policyName, @Nullable Supplier<RemapPolicy> policy, int fixedMax, int procs,
      int steps, double cost, int runs, long seed, int states, double p, boolean resetRemap, int grid, double up,
      double right, double down, double left, double load, String increments) {}

  Options options() {
    String m = Values.choice("--model", model, "mum", Set.of("mum", "ld", "randomwalk"));
    int n = Values.integer("--procs", procs, 8, 1, 1 << 20);
    int s = Values.integer("--steps", steps, 400, 1, 100_000_000);
    double c = Values.number("--cost", cost, 2, 0, 1e300);
    int r = Values.integer("--runs", runs, 200, 2, 100_000_000);
    long k = Values.integer("--seed", seed, 0, 0, Integer.MAX_VALUE);
    int l = TriggerExperiments.states(states);
    double prob = Values.number("--p", p, 0.5, 0, 1);
    boolean reset = Values.choice("--remap", remap, "average", Set.of("average", "reset")).equals("reset");
    int g = Values.integer("--grid", grid, 64, 1, 1 << 14);
    double u = Values.number("--up", up, 0.1, 0, 1);
    double ri = Values.number("--right", right, 0.1, 0, 1);
    double d = Values.number("--down", down, 0.05, 0, 1);
    double le = Values.number("--left", left, 0.05, 0, 1);
    double w = Values.number("--load", load, 100, Double.MIN_VALUE, 1e300);
    String inc = increments == null ? "death-birth" : increments.strip();
    int fm = Values.integer("--fixed-max", fixedMax, 50, 1, 100_000);
    if (m.equals("ld") && Integer.bitCount(n) != 1) {
      throw new UsageException("must be a power of two for --model ld", "--procs = " + n);
    }
    String name = policy == null ? "sar" : policy.strip();
    List<String> settings = set == null ? List.of() : set;
    if ((name.equals("optimal") || name.startsWith("fixed:")) && !settings.isEmpty()) {
      throw new UsageException("--policy " + name + " takes no trigger options", "--set " + settings.get(0));
    }
    if (name.equals("optimal") && !m.equals("mum")) {
      throw new UsageException("available for --model mum only", "--policy optimal");
    }
    Supplier<RemapPolicy> chosen = name.equals("optimal") ? null : policy(name, settings, s, c);
    Options o = new Options(m, name, chosen, fm, n, s, c, r, k, l, prob, reset, g, u, ri, d, le, w, inc);
    if (m.equals("randomwalk")) {
      TriggerExperiments.walk(o); // checks --increments
    }
    return o;
  }

  private Supplier<RemapPolicy> policy(String name, List<String> settings, int steps, double cost) {
    if (name.startsWith("fixed:")) {
      int m;
      try {
        m = Integer.parseInt(name.substring(6));
      } catch (NumberFormatException e) {
        m = 0;
      }
      if (m < 1) {
        throw new UsageException("expected fixed:m with an integer m >= 1", "--policy = " + name);
      }
      int every = m;
      return () -> RemapPolicies.fixedInterval(every);
    }
    NamedTriggers named = NamedTriggers.discover();
    String spec = name.equals("sar") ? "stop-at-rise" : name;
    if (!spec.startsWith("any:") && !spec.startsWith("all:") && !named.names().contains(spec)) {
      throw new UsageException("expected sar, fixed:m, optimal, a trigger (" + String.join(", ", named.names())
          + "), any:a,b or all:a,b", "--policy = " + name);
    }
    // The model knows the remap cost and the run length: the triggers that take them get them unless --set says else.
    Map<String, String> defaults = new HashMap<>(Map.of("initial-cost", Double.toString(cost),
        "expected-steps", Integer.toString(steps)));
    if (tolerance != null) {
      defaults.put("tolerance", Double.toString(Values.number("--tolerance", tolerance, 0.1, Double.MIN_VALUE,
          1e300)));
    }
    return named.policy(spec, named.options(List.of(spec), settings, defaults));
  }

  @Override
  public int run(Invocation call) {
    call.out().println(TriggerExperiments.simulate(options()));
    return 0;
  }
}
