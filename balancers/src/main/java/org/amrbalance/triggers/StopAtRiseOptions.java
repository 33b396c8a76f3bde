package org.amrbalance.triggers;

import org.amrbalance.components.Option;
import javax.annotation.concurrent.Immutable;

/**
 * Options of {@link StopAtRise}.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record StopAtRiseOptions(double initialCost, double minCost, long steps) {
  public static final Option<Double> INITIAL_COST = TriggerOptions.INITIAL_COST;
  public static final Option<Double> MIN_COST = Option.number("min-cost", 0, 0, 1000,
      "floor of the remap cost in mean step times (0: the paper's rule)");
  public static final Option<Long> STEPS = TriggerOptions.STEPS;
  private static final StopAtRiseOptions DEFAULTS = new StopAtRiseOptions(Double.NaN, MIN_COST.defaultValue(),
      STEPS.defaultValue());

  public StopAtRiseOptions {
    TriggerOptions.checkInitialCost(initialCost);
    MIN_COST.check(minCost);
    STEPS.check(steps);
  }

  public StopAtRiseOptions minCost(double stepsOfCost) {
    return new StopAtRiseOptions(initialCost, stepsOfCost, steps);
  }

  public StopAtRiseOptions steps(long total) {
    return new StopAtRiseOptions(initialCost, minCost, total);
  }

  /** No initial cost estimate: the first step's T_max stands in for C until a remap is measured. */
  public static StopAtRiseOptions defaults() {
    return DEFAULTS;
  }

  public StopAtRiseOptions initialCost(double cost) {
    return new StopAtRiseOptions(cost, minCost, steps);
  }
}
