package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import java.util.Objects;
import javax.annotation.concurrent.Immutable;

/** Options of {@link StopAtRise}. */
@Immutable
public final class StopAtRiseOptions {
  private static final StopAtRiseOptions DEFAULTS = new StopAtRiseOptions(Double.NaN);

  private final double initialCost;

  private StopAtRiseOptions(double initialCost) {
    this.initialCost = initialCost;
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
    return new StopAtRiseOptions(cost);
  }

  public double initialCost() {
    return initialCost;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StopAtRiseOptions s && Double.compare(s.initialCost, initialCost) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(initialCost);
  }

  @Override
  public String toString() {
    return "StopAtRiseOptions[initialCost=" + initialCost + "]";
  }
}
