package org.amrbalance.triggers;

import org.amrbalance.components.Option;
import javax.annotation.concurrent.Immutable;

/**
 * Options of {@link StopAtRise}.
 *
 * @param initialCost the remap cost C assumed before the first measured remap, in the unit of the step times,
 *     finite and ≥ 0, or NaN for unknown (then the first step's duration T_max is used)
 * @param minCost the floor of the remap cost C, in mean step times, in [0, 1000]
 * @param steps steps the run lasts, ≥ 0 (0: unknown)
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

  /**
   * The floor of the remap cost C, in mean step times (the mean T_avg so far), in [0, 1000] (default 0, the paper):
   * a cost measured as about 0 otherwise makes every small rise of the idle fire a remap.
   */
  public StopAtRiseOptions minCost(double stepsOfCost) {
    return new StopAtRiseOptions(initialCost, stepsOfCost, steps);
  }

  /**
   * Steps the run lasts, ≥ 0 (default 0: unknown, the paper): with R steps left, no remap at R ≤ 0, and at step n of
   * an interval with R &lt; n only if R·(e_n − S_n/n) &gt; C, the idle saved before the end if it regrows as on average.
   */
  public StopAtRiseOptions steps(long total) {
    return new StopAtRiseOptions(initialCost, minCost, total);
  }

  /** No initial cost estimate: the first step's T_max stands in for C until a remap is measured. */
  public static StopAtRiseOptions defaults() {
    return DEFAULTS;
  }

  /**
   * The remap cost C assumed before the first measured remap, in the unit of the step times; NaN means
   * "unknown", and then the first step's duration T_max is used (a remap costing about one step).
   */
  public StopAtRiseOptions initialCost(double cost) {
    return new StopAtRiseOptions(cost, minCost, steps);
  }
}
