package org.amrbalance.triggers;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Options of {@link Adaptive}. Costs are in units of the reference step time (the median mean step time of the last
 * five steps), so that one setting fits every solver.
 *
 * @param initialCost remap cost in seconds before the first measured one, finite and ≥ 0, or NaN: one reference
 *     step time
 * @param minCost the floor of a measured remap cost, in reference step times, in [0, 1000]
 * @param steps steps the run lasts, ≥ 0 (0 = unknown)
 * @param spikeJump the rise of the relative idle over both previous steps' that makes a step a spike, in (0, 1000]
 * @param jumpSigmas the noise deviations an abrupt change must exceed, in [0, 1000] (0: off)
 * @param confirm steps an abrupt change must last before it fires, in [1, 16]
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

  /** Remap cost in seconds before the first measured one, ≥ 0, or NaN: one reference step time. */
  public AdaptiveOptions initialCost(double cost) {
    return new AdaptiveOptions(cost, minCost, steps, spikeJump, jumpSigmas, confirm);
  }

  /**
   * The floor of a measured remap cost, in reference step times, in [0, 1000]: a remap synchronizes every rank and
   * runs the balancer, so a cost measured as about 0 (a remap that moved nothing) is not what the next one costs.
   */
  public AdaptiveOptions minCost(double stepsOfCost) {
    return new AdaptiveOptions(initialCost, stepsOfCost, steps, spikeJump, jumpSigmas, confirm);
  }

  /** Steps the run lasts, ≥ 0 (0 = unknown): no remap is asked for that cannot pay for itself before the end. */
  public AdaptiveOptions steps(long total) {
    return new AdaptiveOptions(initialCost, minCost, total, spikeJump, jumpSigmas, confirm);
  }

  /**
   * A step whose relative idle (T_max − T_avg)/T_avg exceeds both previous steps' by more than this, in (0, 1000],
   * is a spike and counts as the larger of the two (and each rank's share as the previous step's); a change that
   * lasts is seen one step later.
   */
  public AdaptiveOptions spikeJump(double jump) {
    return new AdaptiveOptions(initialCost, minCost, steps, jump, jumpSigmas, confirm);
  }

  /**
   * An abrupt change: the relative idle of the last {@link #confirm()} steps exceeds the interval's earlier mean by
   * more than this many step-to-step noise deviations, in [0, 1000] (0: off, the rise rule alone).
   */
  public AdaptiveOptions jumpSigmas(double sigmas) {
    return new AdaptiveOptions(initialCost, minCost, steps, spikeJump, sigmas, confirm);
  }

  /** Steps an abrupt change must last before it fires, in [1, 16]. */
  public AdaptiveOptions confirm(int k) {
    return new AdaptiveOptions(initialCost, minCost, steps, spikeJump, jumpSigmas, k);
  }
}
