package org.amrbalance.experiments.triggers;

import org.amrbalance.triggers.RemapPolicies;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import javax.annotation.Nullable;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.cli.Values;
import org.amrbalance.experiments.plot.Json;
import org.amrbalance.spi.RemapPolicy;
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

  static String simulate(SimulateCommand.Options o) {
    try {
      return simulateChecked(o);
    } catch (IllegalArgumentException e) {
      // A model's own precondition on a value the options let through (its message names the value).
      throw new UsageException(e.getMessage(), "simulate --model " + o.model());
    }
  }

  private static String simulateChecked(SimulateCommand.Options o) {
    int procs = o.procs();
    int steps = o.steps();
    double cost = o.cost();
    int runs = o.runs();
    Supplier<RemapPolicy> policy = o.policy();
    MumOptimalPolicy optimal = null;
    if (policy == null) {
      optimal = MumOptimalPolicy.solve(MumModel.of(procs, o.states(), o.p()), steps, cost);
      policy = optimal::asRemapPolicy;
    }
    double[] u = new double[runs];
    double sumAvg = 0;
    double sumTotal = 0;
    long remaps = 0;
    long intervals = 0;
    long intervalSteps = 0;
    SplittableRandom master = new SplittableRandom(o.seed());
    MumSimulator mum = null;
    byte[] path = null;
    LdModel ld = null;
    RandomWalkModel walk = null;
    switch (o.model()) {
      case "mum":
        mum = MumSimulator.of(MumModel.of(procs, o.states(), o.p()), steps, cost,
            o.resetRemap() ? MumSimulator.Remap.RESET_TO_MIDDLE : MumSimulator.Remap.AVERAGE_VALUE);
        path = mum.newPath();
        break;
      case "ld":
        ld = LdModel.of(o.grid(), o.grid(), Integer.numberOfTrailingZeros(procs), o.up(), o.right(), o.down(),
            o.left());
        break;
      case "randomwalk":
        walk = walk(o);
        break;
      default:
        throw new IllegalStateException(o.model());
    }
    int fixedMax = o.fixedMax();
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
      never[r] = once.apply(RemapPolicies::never).utilization();
      for (int m = 1; m <= fixedMax; m++) {
        int every = m;
        fixed[m - 1][r] = once.apply(() -> RemapPolicies.fixedInterval(every)).utilization();
      }
    }
    int best = 0;
    for (int m = 1; m < fixedMax; m++) {
      if (SarVersusFixed.mean(fixed[m]) > SarVersusFixed.mean(fixed[best])) {
        best = m;
      }
    }
    ObjectNode json = Json.object().put("command", "simulate").put("model", o.model())
        .put("policy", o.policyName()).put("procs", procs).put("steps", steps).put("cost", Json.shortest(cost))
        .put("runs", runs).put("seed", o.seed())
        .put("utilization", Json.fixed(SarVersusFixed.mean(u), 6))
        .put("standardError", Json.fixed(PairedDifference.clean(SarVersusFixed.standardError(u)), 6))
        .put("ratioOfExpectations", Json.fixed(sumAvg / sumTotal, 6))
        .put("meanRemaps", Json.fixed((double) remaps / runs, 4))
        .put("meanInterval", intervals == 0 ? null : Json.shortest((double) intervalSteps / intervals));
    if (optimal != null) {
      json.put("exactOptimalUtilization", Json.fixed(optimal.utilization(), 6));
    }
    json.put("bestFixedInterval", best + 1).put("bestFixedUtilization", Json.fixed(SarVersusFixed.mean(fixed[best]), 6))
        .put("neverUtilization", Json.fixed(SarVersusFixed.mean(never), 6));
    json.set("versusBestFixed", PairedDifference.ofSamples(u, fixed[best]).toJson());
    json.set("versusNever", PairedDifference.ofSamples(u, never).toJson());
    return Json.line(json);
  }

  /** The random-walk model of {@code --increments} (seed 003's three laws). */
  static RandomWalkModel walk(SimulateCommand.Options o) {
    String spec = o.increments();
    String[] p = spec.split(":", -1);
    try {
      switch (p[0]) {
        case "death-birth":
          if (p.length == 1) {
            return RandomWalkModel.deathBirth(o.procs(), o.load());
          }
          break;
        case "normal":
          if (p.length == 3) {
            return RandomWalkModel.normal(o.procs(), o.load(), Double.parseDouble(p[1]), Double.parseDouble(p[2]));
          }
          break;
        case "exponential":
          if (p.length == 2) {
            return RandomWalkModel.exponential(o.procs(), o.load(), Double.parseDouble(p[1]));
          }
          break;
        default:
          break;
      }
    } catch (NumberFormatException e) {
      // reported below
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), "--increments = " + spec);
    }
    throw new UsageException("expected death-birth, normal:mu:sigma2 or exponential:mu with numbers",
        "--increments = " + spec);
  }

  static String expectedW(ExpectedWCommand.Options o) {
    MumExpectedLoss e = MumExpectedLoss.identical(o.states(), o.p(), o.procs());
    OptionalInt nHat = e.minimiser(o.cost(), 100_000);
    int maxN = o.maxN() != null ? o.maxN() : Math.max(20, 2 * nHat.orElse(25));
    ArrayNode es = Json.object().arrayNode();
    ArrayNode ws = Json.object().arrayNode();
    double[] loss = e.losses(maxN);
    for (int n = 1; n <= maxN; n++) {
      // With one processor every loss is 0; the sums leave rounding of 1e-17, which is not a loss.
      es.add(Json.shortest(PairedDifference.clean(loss[n])));
      ws.add(Json.shortest(PairedDifference.clean(e.expectedW(n, o.cost()))));
    }
    ObjectNode json = Json.object().put("command", "expected-w").put("procs", o.procs()).put("states", o.states())
        .put("p", Json.shortest(o.p())).put("cost", Json.shortest(o.cost()));
    json.set("E", es);
    json.set("W", ws);
    json.put("nHat", nHat.isPresent() ? Integer.valueOf(nHat.getAsInt()) : null);
    return Json.line(json);
  }

  /** {@code --states}: an odd count, so that the chain has a middle state, the balanced load (seed 000). */
  static int states(@Nullable String raw) {
    int states = Values.integer("--states", raw, 19, 1, 1_000_000);
    if (states % 2 == 0) {
      throw new UsageException("must be odd (the middle state is the balanced load)", "--states = " + states);
    }
    return states;
  }

  /** {@code v} in text as the JSON output writes it: ten significant digits, no trailing zeros. */
  static String num(double v) {
    java.math.BigDecimal d = Json.shortest(v);
    return d == null ? Double.toString(v) : d.toString();
  }
}
