package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/** Options of {@link FixedInterval}: the interval m in steps. */
@Immutable
public final class FixedIntervalOptions {
  private static final FixedIntervalOptions DEFAULTS = new FixedIntervalOptions(10);

  private final int interval;

  private FixedIntervalOptions(int interval) {
    this.interval = interval;
  }

  /** m = 10. */
  public static FixedIntervalOptions defaults() {
    return DEFAULTS;
  }

  /** Remap after every {@code m} steps, m in [1, 2^31 − 1]. */
  public FixedIntervalOptions interval(int m) {
    Checks.check(m >= 1, "interval", m, "must be in [1, " + Integer.MAX_VALUE + "]");
    return new FixedIntervalOptions(m);
  }

  public int interval() {
    return interval;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FixedIntervalOptions f && f.interval == interval;
  }

  @Override
  public int hashCode() {
    return interval;
  }

  @Override
  public String toString() {
    return "FixedIntervalOptions[interval=" + interval + "]";
  }
}
