package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/**
 * Settings of {@link KnapsackBalancer}.
 *
 * @param efficiency target efficiency (average / maximum load) in (0, 1]; swapping stops once it is reached
 * @param maxSwaps upper bound on swaps per placement, in [0, 2^31 − 1]
 * @param levelByLevel true: one mapping per level; false: one mapping over the whole hierarchy
 */
@Immutable
public record KnapsackOptions(double efficiency, int maxSwaps, boolean levelByLevel) {
  public KnapsackOptions {
    Checks.check(efficiency > 0 && efficiency <= 1, "efficiency", efficiency, "must be in (0, 1]");
    Checks.check(maxSwaps >= 0, "maxSwaps", maxSwaps, "must be in [0, " + Integer.MAX_VALUE + "]");
  }

  /** Stop swapping at efficiency 0.9 (AMReX's default), at most 10,000 swaps, one mapping per level. */
  public static KnapsackOptions defaults() {
    return new KnapsackOptions(0.9, 10_000, true);
  }

  /** Target efficiency (average / maximum load) in (0, 1]; swapping stops once it is reached. */
  public KnapsackOptions withEfficiency(double value) {
    return new KnapsackOptions(value, maxSwaps, levelByLevel);
  }

  /** Upper bound on swaps per placement, in [0, +inf). */
  public KnapsackOptions withMaxSwaps(int value) {
    return new KnapsackOptions(efficiency, value, levelByLevel);
  }

  public KnapsackOptions withLevelByLevel(boolean value) {
    return new KnapsackOptions(efficiency, maxSwaps, value);
  }
}
