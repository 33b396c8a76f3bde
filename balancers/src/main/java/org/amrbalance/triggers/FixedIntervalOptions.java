package org.amrbalance.triggers;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Options of {@link FixedInterval}: the interval m in steps.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
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

  public FixedIntervalOptions interval(int m) {
    return new FixedIntervalOptions(m);
  }
}
