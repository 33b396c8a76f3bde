package org.amrbalance.experiments.triggers;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.amrbalance.experiments.cli.Args;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.triggers.FixedInterval;
import org.amrbalance.triggers.NeverRemap;
import org.amrbalance.experiments.models.LdModel;
import org.amrbalance.experiments.models.MumExpectedLoss;
import org.amrbalance.experiments.models.MumModel;
import org.amrbalance.experiments.models.MumOptimalPolicy;
import org.amrbalance.experiments.models.MumSimulator;
import org.amrbalance.experiments.models.RandomWalkModel;
import org.amrbalance.experiments.models.RunResult;
import org.amrbalance.experiments.models.SarVersusFixed;

/** The computations behind {@code simulate} and {@code expected-w}: the papers' load models under a trigger. */
final class TriggerExperiments {
  private TriggerExperiments() {}

  static String simulate(Args o) {
    try {
      return simulateChecked(o);
    } catch (IllegalArgumentException e) {
      // A model's own precondition on a value the options let through (its message names the value).
      throw new UsageException(e.getMessage());
    }
  }

  private static String simulateChecked(Args o) {
    noPositional(o);
    String model = o.choice("model", "mum", java.util.Set.of("mum", "ld", "randomwalk"));
    int procs = o.integer("procs", 8, 1, 1 << 20);
    int steps = o.integer("steps", 400, 1, 100_000_000);
    double cost = o.number("cost", 2, 0, 1e300);
    int runs = o.integer("runs", 200, 2, 100_000_000);
    String policyName = o.string("policy", "sar");
    long seed = o.integer("seed", 0, 0, Integer.MAX_VALUE);
    if ((policyName.equals("optimal") || policyName.startsWith("fixed:")) && !o.all("set").isEmpty()) {
      throw new UsageException("--set: --policy " + policyName + " takes no trigger options");
    }
    if (model.equals("mum")) {
      states(o);
    }
    Supplier<RemapPolicy> policy;
    MumOptimalPolicy optimal = null;
    if (policyName.equals("optimal")) {
      if (!model.equals("mum")) {
        throw new UsageException("--policy optimal is available for --model mum only");
      }
      optimal = MumOptimalPolicy.solve(MumModel.of(procs, o.integer("states", 19, 1, 1_000_000), o.number("p", 0.5, 0, 1)), steps,
          cost);
      policy = optimal::asRemapPolicy;
    } else {
      policy = policy(policyName, o, steps, cost);
    }
    double[] u = new double[runs];
    double sumAvg = 0;
    double sumTotal = 0;
    long remaps = 0;
    long intervals = 0;
    long intervalSteps = 0;
    SplittableRandom master = new SplittableRandom(seed);
    MumSimulator mum = null;
    byte[] path = null;
    LdModel ld = null;
    RandomWalkModel walk = null;
    switch (model) {
      case "mum":
        mum = MumSimulator.of(MumModel.of(procs, o.integer("states", 19, 1, 1_000_000), o.number("p", 0.5, 0, 1)), steps, cost,
            o.choice("remap", "average", java.util.Set.of("average", "reset")).equals("reset") ? MumSimulator.Remap.RESET_TO_MIDDLE
                : MumSimulator.Remap.AVERAGE_VALUE);
        path = mum.newPath();
        break;
      case "ld": {
        if (Integer.bitCount(procs) != 1) {
          throw new UsageException("--procs = " + procs + ": must be a power of two for --model ld");
        }
        int grid = o.integer("grid", 64, 1, 1 << 14);
        ld = LdModel.of(grid, grid, Integer.numberOfTrailingZeros(procs), o.number("up", 0.1, 0, 1),
            o.number("right", 0.1, 0, 1), o.number("down", 0.05, 0, 1), o.number("left", 0.05, 0, 1));
        break;
      }
      case "randomwalk":
        walk = walk(procs, o.number("load", 100, Double.MIN_VALUE, 1e300), o.string("increments", "death-birth"));
        break;
      default:
        throw new IllegalStateException(model);
    }
    int fixedMax = o.integer("fixed-max", 50, 1, 100_000);
    // Every run's load path (or seed) is shared by the policy, never and every fixed interval: paired samples.
    double[][] fixed = new double[fixedMax][runs];
    double[] never = new double[runs];
    for (int r = 0; r < runs; r++) {
      SplittableRandom rng = master.split();
      java.util.function.Function<Supplier<RemapPolicy>, RunResult> once;
      if (mum != null) {
        mum.model().drawMoves(rng, steps, path);
        MumSimulator sim = mum;
        byte[] p = path;
        once = s -> sim.run(p, s.get());
      } else if (ld != null) {
        long runSeed = rng.nextLong();
        LdModel m = ld;
        once = s -> m.run(runSeed, steps, cost, s.get());
      } else {
        long runSeed = rng.nextLong();
        RandomWalkModel m = walk;
        once = s -> m.run(runSeed, steps, cost, s.get());
      }
      RunResult res = once.apply(policy);
      u[r] = res.utilization();
      sumAvg += res.sumAverage();
      sumTotal += res.totalTime();
      remaps += res.remaps();
      intervals += res.completedIntervals();
      intervalSteps += res.completedIntervalSteps();
      never[r] = once.apply(NeverRemap::new).utilization();
      for (int m = 1; m <= fixedMax; m++) {
        int every = m;
        fixed[m - 1][r] = once.apply(() -> FixedInterval.every(every)).utilization();
      }
    }
    int best = 0;
    for (int m = 1; m < fixedMax; m++) {
      if (SarVersusFixed.mean(fixed[m]) > SarVersusFixed.mean(fixed[best])) {
        best = m;
      }
    }
    double mean = SarVersusFixed.mean(u);
    return String.format(Locale.ROOT,
        "{\"command\": \"simulate\", \"model\": \"%s\", \"policy\": \"%s\", \"procs\": %d, \"steps\": %d, "
            + "\"cost\": %s, \"runs\": %d, \"seed\": %d, \"utilization\": %.6f, \"standardError\": %.6f, "
            + "\"ratioOfExpectations\": %.6f, \"meanRemaps\": %.4f, \"meanInterval\": %s%s, "
            + "\"bestFixedInterval\": %d, \"bestFixedUtilization\": %.6f, \"neverUtilization\": %.6f, "
            + "\"versusBestFixed\": %s, \"versusNever\": %s}",
        model, policyName, procs, steps, num(cost), runs, seed, mean, PairedDifference.clean(SarVersusFixed.standardError(u)),
        sumAvg / sumTotal, (double) remaps / runs, intervals == 0 ? "null" : num((double) intervalSteps / intervals),
        optimal == null ? "" : String.format(Locale.ROOT, ", \"exactOptimalUtilization\": %.6f", optimal.utilization()),
        best + 1, SarVersusFixed.mean(fixed[best]), SarVersusFixed.mean(never),
        PairedDifference.ofSamples(u, fixed[best]).toJson(), PairedDifference.ofSamples(u, never).toJson());
  }

  private static RandomWalkModel walk(int procs, double load, String spec) {
    String[] p = spec.split(":");
    switch (p[0]) {
      case "death-birth":
        return RandomWalkModel.deathBirth(procs, load);
      case "normal":
        if (p.length != 3) {
          throw new UsageException("--increments = " + spec + ": expected normal:mu:sigma2");
        }
        return RandomWalkModel.normal(procs, load, Double.parseDouble(p[1]), Double.parseDouble(p[2]));
      case "exponential":
        if (p.length != 2) {
          throw new UsageException("--increments = " + spec + ": expected exponential:mu");
        }
        return RandomWalkModel.exponential(procs, load, Double.parseDouble(p[1]));
      default:
        throw new UsageException("--increments = " + spec + ": expected death-birth, normal:mu:sigma2 or exponential:mu");
    }
  }

  private static Supplier<RemapPolicy> policy(String name, Args o, int steps, double cost) {
    if (name.startsWith("fixed:")) {
      int m;
      try {
        m = Integer.parseInt(name.substring(6));
      } catch (NumberFormatException e) {
        throw new UsageException("--policy = " + name + ": expected fixed:m with an integer m >= 1");
      }
      if (m < 1) {
        throw new UsageException("--policy = " + name + ": expected fixed:m with an integer m >= 1");
      }
      return () -> FixedInterval.every(m);
    }
    NamedTriggers named = NamedTriggers.discover();
    String spec = name.equals("sar") ? "stop-at-rise" : name;
    if (!spec.startsWith("any:") && !spec.startsWith("all:") && !named.names().contains(spec)) {
      throw new UsageException("--policy = " + name + ": expected sar, fixed:m, optimal, a trigger " + named.names()
          + ", any:a,b or all:a,b");
    }
    // The model knows the remap cost and the run length: the triggers that take them get them unless --set says else.
    Map<String, String> defaults = new java.util.HashMap<>(Map.of("initial-cost", Double.toString(cost),
        "expected-steps", Integer.toString(steps)));
    if (o.has("tolerance")) {
      defaults.put("tolerance", Double.toString(o.number("tolerance", 0.1, Double.MIN_VALUE, 1e300)));
    }
    return named.policy(spec, named.options(List.of(spec), o.all("set"), defaults));
  }

  static String expectedW(Args o) {
    noPositional(o);
    int procs = o.integer("procs", 8, 1, 1 << 20);
    int states = states(o);
    double p = o.number("p", 0.5, 0, 1);
    double cost = o.number("cost", 2, 0, 1e300);
    MumExpectedLoss e = MumExpectedLoss.identical(states, p, procs);
    OptionalInt nHat = e.minimiser(cost, 100_000);
    int maxN = o.integer("max-n", Math.max(20, 2 * nHat.orElse(25)), 1, 10_000_000);
    StringBuilder es = new StringBuilder();
    StringBuilder ws = new StringBuilder();
    double[] loss = e.losses(maxN);
    for (int n = 1; n <= maxN; n++) {
      // With one processor every loss is 0; the sums leave rounding of 1e-17, which is not a loss.
      es.append(n > 1 ? ", " : "").append(num(PairedDifference.clean(loss[n])));
      ws.append(n > 1 ? ", " : "").append(num(PairedDifference.clean(e.expectedW(n, cost))));
    }
    return String.format(Locale.ROOT,
        "{\"command\": \"expected-w\", \"procs\": %d, \"states\": %d, \"p\": %s, \"cost\": %s, \"E\": [%s], "
            + "\"W\": [%s], \"nHat\": %s}",
        procs, states, num(p), num(cost), es, ws, nHat.isPresent() ? String.valueOf(nHat.getAsInt()) : "null");
  }

  /** {@code --states}: an odd count, so that the chain has a middle state, the balanced load (seed 000). */
  private static int states(Args o) {
    int states = o.integer("states", 19, 1, 1_000_000);
    if (states % 2 == 0) {
      throw new UsageException("--states = " + states + ": must be odd (the middle state is the balanced load)");
    }
    return states;
  }

  private static void noPositional(Args o) {
    if (!o.positional().isEmpty()) {
      throw new UsageException("unexpected argument '" + o.positional().get(0) + "'");
    }
  }

  static String num(double v) {
    return String.format(Locale.ROOT, "%.10g", v).replaceAll("(\\.\\d*?)0+($|e)", "$1$2").replaceAll("\\.($|e)",
        "$1");
  }
}
