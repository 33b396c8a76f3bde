package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link KnapsackBalancer}.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record KnapsackOptions(double efficiency, int maxSwaps, boolean levelByLevel) {
  public static final Option<Double> EFFICIENCY = Option.number("efficiency", 0.9, Double.MIN_VALUE, 1,
      "stop swapping once avg/max load reaches this");
  public static final Option<Integer> MAX_SWAPS = Option.integer("max-swaps", 10_000, 0, Integer.MAX_VALUE,
      "swap limit");
  public static final Option<Boolean> LEVEL_BY_LEVEL = BaselineOptions.LEVEL_BY_LEVEL;

  public KnapsackOptions {
    EFFICIENCY.check(efficiency);
    MAX_SWAPS.check(maxSwaps);
  }

  /** Stop swapping at efficiency 0.9 (AMReX's default), at most 10,000 swaps, one mapping per level. */
  public static KnapsackOptions defaults() {
    return new KnapsackOptions(EFFICIENCY.defaultValue(), MAX_SWAPS.defaultValue(),
        LEVEL_BY_LEVEL.defaultValue());
  }

  public KnapsackOptions withEfficiency(double value) {
    return new KnapsackOptions(value, maxSwaps, levelByLevel);
  }

  public KnapsackOptions withMaxSwaps(int value) {
    return new KnapsackOptions(efficiency, value, levelByLevel);
  }

  public KnapsackOptions withLevelByLevel(boolean value) {
    return new KnapsackOptions(efficiency, maxSwaps, value);
  }
}
