package org.amrbalance.triggers;

import com.google.inject.Module;
import java.util.Map;
import org.amrbalance.config.ComponentOptions;
import org.amrbalance.config.TriggerProvider;

/** Makes every trigger selectable by name in configuration. */
public final class TriggerProviders {
  private static final String INITIAL_COST_HELP =
      "remap cost assumed before the first measured one, >= 0 (default: the cost model's estimate)";

  private TriggerProviders() {}

  /** {@code adaptive}: the default trigger. */
  public static final class AdaptiveProvider implements TriggerProvider {
    @Override
    public String name() {
      return AdaptiveModule.NAME;
    }

    @Override
    public String description() {
      return "Stop-At-Rise on the idle a remap removes, estimated per rank under a load model fitted to the run, "
          + "with spikes held, abrupt changes caught and no remap that cannot pay before the end (the default)";
    }

    @Override
    public Map<String, String> options() {
      AdaptiveOptions d = AdaptiveOptions.defaults();
      return Map.of(
          "initial-cost", INITIAL_COST_HELP + " (default: one step)",
          "min-cost", "floor of a measured remap cost in mean step times, in [0, 1000] (default " + d.minCost() + ")",
          "steps", "steps the run lasts, >= 0 (0: unknown, default)",
          "spike-jump", "relative idle jump that marks a one-step spike, in (0, 1000] (default " + d.spikeJump()
              + ")",
          "jump-sigmas", "abrupt-change threshold in noise deviations, in [0, 1000] (0: off; default "
              + d.jumpSigmas() + ")",
          "confirm", "steps an abrupt change must last, in [1, 16] (default " + d.confirm() + ")");
    }

    @Override
    public Module module(ComponentOptions o) {
      AdaptiveOptions d = AdaptiveOptions.defaults();
      AdaptiveOptions a = d
          .minCost(o.doubleValue("min-cost", d.minCost(), 0, 1000))
          .steps(o.longValue("steps", d.steps(), 0, Long.MAX_VALUE))
          .spikeJump(o.doubleValue("spike-jump", d.spikeJump(), Double.MIN_VALUE, 1000))
          .jumpSigmas(o.doubleValue("jump-sigmas", d.jumpSigmas(), 0, 1000))
          .confirm(o.intValue("confirm", d.confirm(), 1, 16));
      if (o.has("initial-cost")) {
        a = a.initialCost(o.doubleValue("initial-cost", 0, 0, 1e300));
      }
      return new AdaptiveModule(a);
    }
  }

  /** {@code stop-at-rise} (seed 000). */
  public static final class StopAtRiseProvider implements TriggerProvider {
    @Override
    public String name() {
      return StopAtRiseModule.NAME;
    }

    @Override
    public String description() {
      return "remap when W(n), the average idle time per step since the last remap with its cost, first rises";
    }

    @Override
    public Map<String, String> options() {
      return Map.of("initial-cost", INITIAL_COST_HELP,
          "min-cost", "floor of the remap cost in mean step times, in [0, 1000] (default 0: the paper's rule)",
          "steps", "steps the run lasts, >= 0: no remap that cannot pay before the end (default 0: unknown)");
    }

    @Override
    public Module module(ComponentOptions o) {
      StopAtRiseOptions d = StopAtRiseOptions.defaults();
      return new StopAtRiseModule(d.initialCost(o.doubleValue("initial-cost", d.initialCost(), 0, 1e300))
          .minCost(o.doubleValue("min-cost", d.minCost(), 0, 1000))
          .steps(o.longValue("steps", d.steps(), 0, Long.MAX_VALUE)));
    }
  }

  /** {@code change-detection} (seed 001). */
  public static final class ChangeDetectionProvider implements TriggerProvider {
    @Override
    public String name() {
      return ChangeDetectionModule.NAME;
    }

    @Override
    public String description() {
      return "remap when a statistical test finds the step times changed and the expected gain pays the cost";
    }

    @Override
    public Map<String, String> options() {
      return Map.ofEntries(
          Map.entry("batch-size", "d, steps per batch mean, in [1, 10000]"),
          Map.entry("cluster-size", "c, batch means per test cluster, in [2, 10000]"),
          Map.entry("alpha", "test error probability alpha, in (0, 1), alpha + beta < 1 (default 0.2)"),
          Map.entry("beta", "test error probability beta, in (0, 1), alpha + beta < 1 (default 0.05)"),
          Map.entry("threshold-position", "where p_e lies in its bracket, in [0, 1) (default 0.5)"),
          Map.entry("failure-rate", "phi, the prior change rate per test, in [0, 1)"),
          Map.entry("rho", "first threshold of the linear schedule, in [0, 1)"),
          Map.entry("expected-steps", "steps the run is expected to last, >= 0 (0: unknown)"),
          Map.entry("initial-cost", INITIAL_COST_HELP),
          Map.entry("aic-form", "standard or printed (the paper's printed AIC constants)"),
          Map.entry("trim-outliers", "ignore single outlying steps (default true)"),
          Map.entry("new-base", "after-remap or triggering-cluster: the base cluster after a remap"));
    }

    @Override
    public Module module(ComponentOptions o) {
      ChangeDetectionOptions d = ChangeDetectionOptions.defaults();
      ChangeDetectionOptions c = d
          .batchSize(o.intValue("batch-size", d.batchSize(), 1, 10_000))
          .clusterSize(o.intValue("cluster-size", d.clusterSize(), 2, 10_000))
          .errors(o.doubleValue("alpha", d.alpha(), Double.MIN_VALUE, Math.nextDown(1.0)),
              o.doubleValue("beta", d.beta(), Double.MIN_VALUE, Math.nextDown(1.0)))
          .thresholdPosition(o.doubleValue("threshold-position", d.thresholdPosition(), 0, Math.nextDown(1.0)))
          .rho(o.doubleValue("rho", d.rho(), 0, Math.nextDown(1.0)))
          .expectedSteps(o.intValue("expected-steps", (int) Math.min(Integer.MAX_VALUE, d.expectedSteps()), 0,
              Integer.MAX_VALUE))
          .aicForm(o.enumValue("aic-form", d.aicForm()))
          .trimOutliers(o.booleanValue("trim-outliers", d.trimOutliers()))
          .newBase(o.enumValue("new-base", d.newBase()));
      if (o.has("failure-rate")) {
        c = c.failureRate(o.doubleValue("failure-rate", 0, 0, Math.nextDown(1.0)));
      }
      if (o.has("initial-cost")) {
        c = c.initialCost(o.doubleValue("initial-cost", 0, 0, 1e300));
      }
      return new ChangeDetectionModule(c);
    }
  }

  /** {@code remap-frequency} (seed 003). */
  public static final class RemapFrequencyProvider implements TriggerProvider {
    @Override
    public String name() {
      return RemapFrequencyModule.NAME;
    }

    @Override
    public String description() {
      return "remap at the analytic optimal interval for a random-walk workload, drift estimated online";
    }

    @Override
    public Map<String, String> options() {
      return Map.ofEntries(
          Map.entry("form", "extreme-difference (tolerance D) or deviation (tolerance B) (default extreme-difference)"),
          Map.entry("tolerance", "D or B, > 0 (default 0.1)"),
          Map.entry("factor", "hartley-david, normal-asymptotic or normal-exact: the constant a(N) (default normal-asymptotic)"),
          Map.entry("warmup", "increments observed before the first estimate, in [2, 1000000] (default 8)"),
          Map.entry("cost-floor", "never remap before the measured remap cost is paid back under the model (default true)"),
          Map.entry("pooled", "one increment distribution for all ranks (true) or one per rank (default true)"),
          Map.entry("half-life", "increments after which an old one weighs half, >= 0 (0: never forget, the paper; default 32)"),
          Map.entry("clip", "clip increments at this many deviations, in [0, 1000] (0: off; default 4)"),
          Map.entry("separate-noise", "leave measurement noise out of the increment variance (default true)"),
          Map.entry("min-cost", "floor of the remap cost in mean step times, in [0, 1000] (default 0.1)"));
    }

    @Override
    public Module module(ComponentOptions o) {
      RemapFrequencyOptions d = RemapFrequencyOptions.defaults();
      RemapFrequencyOptions.Form form = o.enumValue("form", d.form());
      return new RemapFrequencyModule(d
          .tolerance(form, o.doubleValue("tolerance", d.tolerance(), Double.MIN_VALUE, 1e300))
          .factor(o.enumValue("factor", d.factor()))
          .estimated(o.intValue("warmup", d.warmup(), 2, 1_000_000), o.booleanValue("pooled", d.pooled()))
          .costFloor(o.booleanValue("cost-floor", d.costFloor()))
          .estimates(new RemapFrequencyOptions.Estimates(
              o.intValue("half-life", d.estimates().halfLife(), 0, Integer.MAX_VALUE),
              o.doubleValue("clip", d.estimates().clip(), 0, 1000),
              o.booleanValue("separate-noise", d.estimates().separateNoise()),
              o.doubleValue("min-cost", d.estimates().minCost(), 0, 1000))));
    }
  }

  /** {@code fixed-interval}: every m steps. */
  public static final class FixedIntervalProvider implements TriggerProvider {
    @Override
    public String name() {
      return FixedIntervalModule.NAME;
    }

    @Override
    public String description() {
      return "remap every m steps";
    }

    @Override
    public Map<String, String> options() {
      return Map.of("m", "steps between remaps, in [1, 2147483647] (default " + FixedIntervalOptions.defaults()
          .interval() + ")");
    }

    @Override
    public Module module(ComponentOptions o) {
      FixedIntervalOptions d = FixedIntervalOptions.defaults();
      return new FixedIntervalModule(d.interval(o.intValue("m", d.interval(), 1, Integer.MAX_VALUE)));
    }
  }

  /** {@code never}: keep the first placement (regrids still place new patches where their data is). */
  public static final class NeverProvider implements TriggerProvider {
    @Override
    public String name() {
      return NeverRemapModule.NAME;
    }

    @Override
    public String description() {
      return "never remap";
    }

    @Override
    public Map<String, String> options() {
      return Map.of();
    }

    @Override
    public Module module(ComponentOptions o) {
      return new NeverRemapModule();
    }
  }

  /** {@code every-regrid}: rebalance whenever the host regrids. */
  public static final class EveryRegridProvider implements TriggerProvider {
    @Override
    public String name() {
      return EveryRegridModule.NAME;
    }

    @Override
    public String description() {
      return "rebalance the whole hierarchy at every regrid, never between regrids";
    }

    @Override
    public Map<String, String> options() {
      return Map.of();
    }

    @Override
    public Module module(ComponentOptions o) {
      return new EveryRegridModule();
    }
  }

}
