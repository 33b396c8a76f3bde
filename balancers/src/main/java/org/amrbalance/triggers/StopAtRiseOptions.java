package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import java.util.Objects;
import javax.annotation.concurrent.Immutable;

/** Options of {@link StopAtRise}. */
@Immutable
public final class StopAtRiseOptions {
  private static final StopAtRiseOptions DEFAULTS = new StopAtRiseOptions(Double.NaN, 0, 0);

  private final double initialCost;
  private final double minCost;
  private final long steps;

  private StopAtRiseOptions(double initialCost, double minCost, long steps) {
    this.initialCost = initialCost;
    this.minCost = minCost;
    this.steps = steps;
  }

  /**
   * The floor of the remap cost C, in mean step times (the mean T_avg so far), in [0, 1000] (default 0, the paper):
   * a cost measured as about 0 otherwise makes every small rise of the idle fire a remap.
   */
  public StopAtRiseOptions minCost(double stepsOfCost) {
    Checks.check(stepsOfCost >= 0 && stepsOfCost <= 1000, "minCost", stepsOfCost, "must be in [0, 1000]");
    return new StopAtRiseOptions(initialCost, stepsOfCost, steps);
  }

  public double minCost() {
    return minCost;
  }

  /**
   * Steps the run lasts, ≥ 0 (default 0: unknown, the paper): with R steps left, no remap at R ≤ 0, and at step n of
   * an interval with R &lt; n only if R·(e_n − S_n/n) &gt; C, the idle saved before the end if it regrows as on average.
   */
  public StopAtRiseOptions steps(long total) {
    Checks.check(total >= 0, "steps", total, "must be >= 0 (0 = unknown)");
    return new StopAtRiseOptions(initialCost, minCost, total);
  }

  public long steps() {
    return steps;
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
    Checks.check(Double.isNaN(cost) || (Double.isFinite(cost) && cost >= 0), "initialCost", cost,
        "must be finite and >= 0, or NaN for unknown");
    return new StopAtRiseOptions(cost, minCost, steps);
  }

  public double initialCost() {
    return initialCost;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StopAtRiseOptions s && Double.compare(s.initialCost, initialCost) == 0
        && Double.compare(s.minCost, minCost) == 0 && s.steps == steps;
  }

  @Override
  public int hashCode() {
    return Objects.hash(initialCost, minCost, steps);
  }

  @Override
  public String toString() {
    return "StopAtRiseOptions[initialCost=" + initialCost + ", minCost=" + minCost + ", steps=" + steps + "]";
  }
}
