package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/**
 * Options of {@link FixedInterval}: the interval m in steps.
 *
 * @param interval remap after every {@code interval} steps, in [1, 2^31 − 1]
 */
@Immutable
public record FixedIntervalOptions(int interval) {
  private static final FixedIntervalOptions DEFAULTS = new FixedIntervalOptions(10);

  public FixedIntervalOptions {
    Checks.check(interval >= 1, "interval", interval, "must be in [1, " + Integer.MAX_VALUE + "]");
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
