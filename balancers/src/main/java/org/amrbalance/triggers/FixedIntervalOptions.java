package org.amrbalance.triggers;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Options of {@link FixedInterval}: the interval m in steps.
 *
 * @param interval remap after every {@code interval} steps, in [1, 2^31 − 1]
 */
@Immutable
public record FixedIntervalOptions(int interval) {
  public static final Option<Integer> M = Option.integer("m", 10, 1, Integer.MAX_VALUE, "steps between remaps");
  private static final FixedIntervalOptions DEFAULTS = new FixedIntervalOptions(M.defaultValue());

  public FixedIntervalOptions {
    M.check(interval);
  }

  /** m = 10. */
  public static FixedIntervalOptions defaults() {
    return DEFAULTS;
  }

  /** Remap after every {@code m} steps, m in [1, 2^31 − 1]. */
  public FixedIntervalOptions interval(int m) {
    return new FixedIntervalOptions(m);
  }
}
