package org.amrbalance.triggers;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Options of {@link Adaptive}. Costs are in units of the reference step time (the median mean step time of the last
 * five steps), so that one setting fits every solver.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record AdaptiveOptions(double initialCost, double minCost, long steps, double spikeJump, double jumpSigmas,
    int confirm) {
  public static final Option<Double> INITIAL_COST = TriggerOptions.INITIAL_COST;
  public static final Option<Double> MIN_COST = Option.number("min-cost", 0.1, 0, 1000,
      "floor of a measured remap cost in reference step times");
  public static final Option<Long> STEPS = TriggerOptions.STEPS;
  public static final Option<Double> SPIKE_JUMP = Option.number("spike-jump", 0.5, Double.MIN_VALUE, 1000,
      "relative idle jump that marks a one-step spike");
  public static final Option<Double> JUMP_SIGMAS = Option.number("jump-sigmas", 4, 0, 1000,
      "abrupt-change threshold in noise deviations (0: off)");
  public static final Option<Integer> CONFIRM = Option.integer("confirm", 2, 1, 16,
      "steps an abrupt change must last");
  private static final AdaptiveOptions DEFAULTS = new AdaptiveOptions(Double.NaN, MIN_COST.defaultValue(),
      STEPS.defaultValue(), SPIKE_JUMP.defaultValue(), JUMP_SIGMAS.defaultValue(), CONFIRM.defaultValue());

  public AdaptiveOptions {
    TriggerOptions.checkInitialCost(initialCost);
    MIN_COST.check(minCost);
    STEPS.check(steps);
    SPIKE_JUMP.check(spikeJump);
    JUMP_SIGMAS.check(jumpSigmas);
    CONFIRM.check(confirm);
  }

  /**
   * Cost unknown until measured (one reference step), at least 0.1 reference steps, run length unknown, spike jump
   * 0.5, abrupt-change threshold 4 noise deviations confirmed over 2 steps.
   */
  public static AdaptiveOptions defaults() {
    return DEFAULTS;
  }

  public AdaptiveOptions initialCost(double cost) {
    return new AdaptiveOptions(cost, minCost, steps, spikeJump, jumpSigmas, confirm);
  }

  public AdaptiveOptions minCost(double stepsOfCost) {
    return new AdaptiveOptions(initialCost, stepsOfCost, steps, spikeJump, jumpSigmas, confirm);
  }

  public AdaptiveOptions steps(long total) {
    return new AdaptiveOptions(initialCost, minCost, total, spikeJump, jumpSigmas, confirm);
  }

  public AdaptiveOptions spikeJump(double jump) {
    return new AdaptiveOptions(initialCost, minCost, steps, jump, jumpSigmas, confirm);
  }

  public AdaptiveOptions jumpSigmas(double sigmas) {
    return new AdaptiveOptions(initialCost, minCost, steps, spikeJump, sigmas, confirm);
  }

  public AdaptiveOptions confirm(int k) {
    return new AdaptiveOptions(initialCost, minCost, steps, spikeJump, jumpSigmas, k);
  }
}
