package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
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
  private static final StopAtRiseOptions DEFAULTS = new StopAtRiseOptions(Double.NaN, 0, 0);

  public StopAtRiseOptions {
    Checks.check(Double.isNaN(initialCost) || (Double.isFinite(initialCost) && initialCost >= 0), "initialCost",
        initialCost, "must be finite and >= 0, or NaN for unknown");
    Checks.check(minCost >= 0 && minCost <= 1000, "minCost", minCost, "must be in [0, 1000]");
    Checks.check(steps >= 0, "steps", steps, "must be >= 0 (0 = unknown)");
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
