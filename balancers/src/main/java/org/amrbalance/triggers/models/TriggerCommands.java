package org.amrbalance.triggers.models;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.triggers.Arguments;
import org.amrbalance.triggers.ChangeDetection;
import org.amrbalance.triggers.ChangeDetectionOptions;
import org.amrbalance.triggers.FixedInterval;
import org.amrbalance.triggers.NeverRemap;
import org.amrbalance.triggers.RemapFrequency;
import org.amrbalance.triggers.RemapFrequencyOptions;
import org.amrbalance.triggers.StopAtRise;
import org.amrbalance.triggers.StopAtRiseOptions;

/**
 * Command-line entry point for the trigger experiments; each command prints one JSON object.
 *
 * <pre>
 * simulate --model mum|ld|randomwalk --procs N --steps S --cost C --runs R
 *          --policy sar|change-detection|remap-frequency|fixed:m|never|optimal --seed K [model options]
 *   mum:        --states L (19) --p p (0.5) --remap average|reset
 *   ld:         --grid G (64, a G×G grid; N a power of two) --up 0.1 --right 0.1 --down 0.05 --left 0.05
 *   randomwalk: --load w (100) --increments death-birth|normal:μ:σ²|exponential:μ --tolerance D (0.1)
 * expected-w --procs N --states L --p p --cost C [--max-n n]
 * </pre>
 */
public final class TriggerCommands {
  private TriggerCommands() {}

  public static void main(String[] args) {
    try {
      System.out.println(execute(args));
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
    }
  }

  /** Runs one command and returns its JSON. */
  public static String execute(String... args) {
    Arguments.check(args.length >= 1, "command", "(none)", "expected simulate or expected-w");
    Map<String, String> o = options(args);
    switch (args[0]) {
      case "simulate":
        return simulate(o);
      case "expected-w":
        return expectedW(o);
      default:
        throw Arguments.bad("command", args[0], "expected simulate or expected-w");
    }
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> o = new HashMap<>();
    for (int i = 1; i < args.length; i += 2) {
      Arguments.check(args[i].startsWith("--") && i + 1 < args.length, "argument", args[i],
          "expected --name value pairs");
      o.put(args[i].substring(2), args[i + 1]);
    }
    return o;
  }

  private static String get(Map<String, String> o, String key, String fallback) {
    String v = o.get(key);
    if (v == null) {
      Arguments.check(fallback != null, "--" + key, "(missing)", "is required");
      return fallback;
    }
    return v;
  }

  private static double number(Map<String, String> o, String key, String fallback) {
    String v = get(o, key, fallback);
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw Arguments.bad("--" + key, v, "not a number");
    }
  }

  private static int integer(Map<String, String> o, String key, String fallback) {
    String v = get(o, key, fallback);
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw Arguments.bad("--" + key, v, "not an integer");
    }
  }

  private static String simulate(Map<String, String> o) {
    String model = get(o, "model", null);
    int procs = integer(o, "procs", null);
    int steps = integer(o, "steps", null);
    double cost = number(o, "cost", null);
    int runs = integer(o, "runs", null);
    String policyName = get(o, "policy", null);
    long seed = (long) number(o, "seed", "0");
    Arguments.check(runs >= 2, "--runs", runs, "must be >= 2");
    Supplier<RemapPolicy> policy;
    MumOptimalPolicy optimal = null;
    if (policyName.equals("optimal")) {
      Arguments.check(model.equals("mum"), "--policy", policyName, "is available for --model mum only");
      optimal = MumOptimalPolicy.solve(MumModel.of(procs, integer(o, "states", "19"), number(o, "p", "0.5")), steps,
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
        mum = MumSimulator.of(MumModel.of(procs, integer(o, "states", "19"), number(o, "p", "0.5")), steps, cost,
            get(o, "remap", "average").equals("reset") ? MumSimulator.Remap.RESET_TO_MIDDLE
                : MumSimulator.Remap.AVERAGE_VALUE);
        path = mum.newPath();
        break;
      case "ld": {
        Arguments.check(Integer.bitCount(procs) == 1, "--procs", procs, "must be a power of two for --model ld");
        int grid = integer(o, "grid", "64");
        ld = LdModel.of(grid, grid, Integer.numberOfTrailingZeros(procs), number(o, "up", "0.1"),
            number(o, "right", "0.1"), number(o, "down", "0.05"), number(o, "left", "0.05"));
        break;
      }
      case "randomwalk":
        walk = walk(procs, number(o, "load", "100"), get(o, "increments", "death-birth"));
        break;
      default:
        throw Arguments.bad("--model", model, "expected mum, ld or randomwalk");
    }
    for (int r = 0; r < runs; r++) {
      SplittableRandom rng = master.split();
      RunResult res;
      if (mum != null) {
        mum.model().drawMoves(rng, steps, path);
        res = mum.run(path, policy.get());
      } else if (ld != null) {
        res = ld.run(rng.nextLong(), steps, cost, policy.get());
      } else {
        res = walk.run(rng.nextLong(), steps, cost, policy.get());
      }
      u[r] = res.utilization();
      sumAvg += res.sumAverage();
      sumTotal += res.totalTime();
      remaps += res.remaps();
      intervals += res.completedIntervals();
      intervalSteps += res.completedIntervalSteps();
    }
    double mean = SarVersusFixed.mean(u);
    return String.format(Locale.ROOT,
        "{\"command\": \"simulate\", \"model\": \"%s\", \"policy\": \"%s\", \"procs\": %d, \"steps\": %d, "
            + "\"cost\": %s, \"runs\": %d, \"seed\": %d, \"utilization\": %.6f, \"standardError\": %.6f, "
            + "\"ratioOfExpectations\": %.6f, \"meanRemaps\": %.4f, \"meanInterval\": %s%s}",
        model, policyName, procs, steps, num(cost), runs, seed, mean, SarVersusFixed.standardError(u),
        sumAvg / sumTotal, (double) remaps / runs, intervals == 0 ? "null" : num((double) intervalSteps / intervals),
        optimal == null ? "" : String.format(Locale.ROOT, ", \"exactOptimalUtilization\": %.6f", optimal.utilization()));
  }

  private static RandomWalkModel walk(int procs, double load, String spec) {
    String[] p = spec.split(":");
    switch (p[0]) {
      case "death-birth":
        return RandomWalkModel.deathBirth(procs, load);
      case "normal":
        Arguments.check(p.length == 3, "--increments", spec, "expected normal:mu:sigma2");
        return RandomWalkModel.normal(procs, load, Double.parseDouble(p[1]), Double.parseDouble(p[2]));
      case "exponential":
        Arguments.check(p.length == 2, "--increments", spec, "expected exponential:mu");
        return RandomWalkModel.exponential(procs, load, Double.parseDouble(p[1]));
      default:
        throw Arguments.bad("--increments", spec, "expected death-birth, normal:mu:sigma2 or exponential:mu");
    }
  }

  private static Supplier<RemapPolicy> policy(String name, Map<String, String> o, int steps, double cost) {
    if (name.startsWith("fixed:")) {
      int m;
      try {
        m = Integer.parseInt(name.substring(6));
      } catch (NumberFormatException e) {
        throw Arguments.bad("--policy", name, "expected fixed:m with an integer m");
      }
      return () -> FixedInterval.every(m);
    }
    switch (name) {
      case "sar":
        return () -> new StopAtRise(StopAtRiseOptions.defaults().initialCost(cost));
      case "never":
        return NeverRemap::new;
      case "change-detection": {
        ChangeDetectionOptions cd = ChangeDetectionOptions.defaults().expectedSteps(steps).initialCost(cost);
        return () -> new ChangeDetection(cd);
      }
      case "remap-frequency": {
        RemapFrequencyOptions rf = RemapFrequencyOptions.defaults()
            .tolerance(RemapFrequencyOptions.Form.EXTREME_DIFFERENCE, number(o, "tolerance", "0.1")).estimated();
        return () -> new RemapFrequency(rf);
      }
      default:
        throw Arguments.bad("--policy", name,
            "expected sar, change-detection, remap-frequency, fixed:m, never or optimal");
    }
  }

  private static String expectedW(Map<String, String> o) {
    int procs = integer(o, "procs", null);
    int states = integer(o, "states", null);
    double p = number(o, "p", null);
    double cost = number(o, "cost", null);
    MumExpectedLoss e = MumExpectedLoss.identical(states, p, procs);
    OptionalInt nHat = e.minimiser(cost, 100_000);
    int maxN = integer(o, "max-n", String.valueOf(Math.max(20, 2 * nHat.orElse(25))));
    Arguments.positive("--max-n", maxN);
    StringBuilder es = new StringBuilder();
    StringBuilder ws = new StringBuilder();
    double[] loss = e.losses(maxN);
    for (int n = 1; n <= maxN; n++) {
      es.append(n > 1 ? ", " : "").append(num(loss[n]));
      ws.append(n > 1 ? ", " : "").append(num(e.expectedW(n, cost)));
    }
    return String.format(Locale.ROOT,
        "{\"command\": \"expected-w\", \"procs\": %d, \"states\": %d, \"p\": %s, \"cost\": %s, \"E\": [%s], "
            + "\"W\": [%s], \"nHat\": %s}",
        procs, states, num(p), num(cost), es, ws, nHat.isPresent() ? String.valueOf(nHat.getAsInt()) : "null");
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.10g", v).replaceAll("(\\.\\d*?)0+($|e)", "$1$2").replaceAll("\\.($|e)",
        "$1");
  }
}
