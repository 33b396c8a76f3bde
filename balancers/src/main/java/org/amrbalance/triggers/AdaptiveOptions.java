package org.amrbalance.triggers;

import javax.annotation.Nullable;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;
import org.amrbalance.triggers.loads.CarriedModel;

/**
 * Options of {@link Adaptive}. Costs are in units of the reference step time (the median mean step time of the last
 * five steps), so that one setting fits every solver.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record AdaptiveOptions(double initialCost, double minCost, long steps, double spikeJump, double jumpSigmas,
    int confirm, @Nullable CarriedModel loadModel) {
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
  public static final Option<CarriedModel> LOAD_MODEL = Option.text("load-model",
      "five numbers residue,slope,wander,noise,steps", CarriedModel::parse,
      "the load model an earlier run of the same problem learned (its learned options), to start from").withoutDefault(
      "not given: learned from this run's steps alone");
  private static final AdaptiveOptions DEFAULTS = new AdaptiveOptions(Double.NaN, MIN_COST.defaultValue(),
      STEPS.defaultValue(), SPIKE_JUMP.defaultValue(), JUMP_SIGMAS.defaultValue(), CONFIRM.defaultValue(), null);

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
   * 0.5, abrupt-change threshold 4 noise deviations confirmed over 2 steps, no carried load model.
   */
  public static AdaptiveOptions defaults() {
    return DEFAULTS;
  }

  public AdaptiveOptions initialCost(double cost) {
    return new AdaptiveOptions(cost, minCost, steps, spikeJump, jumpSigmas, confirm, loadModel);
  }

  public AdaptiveOptions minCost(double stepsOfCost) {
    return new AdaptiveOptions(initialCost, stepsOfCost, steps, spikeJump, jumpSigmas, confirm, loadModel);
  }

  public AdaptiveOptions steps(long total) {
    return new AdaptiveOptions(initialCost, minCost, total, spikeJump, jumpSigmas, confirm, loadModel);
  }

  public AdaptiveOptions spikeJump(double jump) {
    return new AdaptiveOptions(initialCost, minCost, steps, jump, jumpSigmas, confirm, loadModel);
  }

  public AdaptiveOptions jumpSigmas(double sigmas) {
    return new AdaptiveOptions(initialCost, minCost, steps, spikeJump, sigmas, confirm, loadModel);
  }

  public AdaptiveOptions confirm(int k) {
    return new AdaptiveOptions(initialCost, minCost, steps, spikeJump, jumpSigmas, k, loadModel);
  }

  /** Starts from {@code model}, learned by an earlier run of the same problem (null: learn from this run alone). */
  public AdaptiveOptions loadModel(@Nullable CarriedModel model) {
    return new AdaptiveOptions(initialCost, minCost, steps, spikeJump, jumpSigmas, confirm, model);
  }
}
