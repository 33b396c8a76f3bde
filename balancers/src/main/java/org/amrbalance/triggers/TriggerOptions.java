package org.amrbalance.triggers;

import org.amrbalance.components.Option;

/** Options several triggers share, declared once. */
final class TriggerOptions {
  static final Option<Double> INITIAL_COST = Option.number("initial-cost", 0, 0, 1e300,
      "remap cost assumed before the first measured one").withoutDefault("the cost model's estimate");
  static final Option<Long> STEPS = Option.longInteger("steps", 0, 0, Long.MAX_VALUE,
      "steps the run lasts: no remap that cannot pay before the end (0: unknown)");

  private TriggerOptions() {}

  /** An initial cost is finite and >= 0, or NaN for unknown (the field's form of "not given"). */
  static double checkInitialCost(double cost) {
    return Double.isNaN(cost) ? cost : INITIAL_COST.check(cost);
  }
}
