package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import java.util.Objects;
import javax.annotation.concurrent.Immutable;

/** Settings of {@link KnapsackBalancer}. */
@Immutable
public final class KnapsackOptions {
  private final double efficiency;
  private final int maxSwaps;
  private final boolean levelByLevel;

  private KnapsackOptions(double efficiency, int maxSwaps, boolean levelByLevel) {
    this.efficiency = efficiency;
    this.maxSwaps = maxSwaps;
    this.levelByLevel = levelByLevel;
  }

  /** Stop swapping at efficiency 0.9 (AMReX's default), at most 10,000 swaps, one mapping per level. */
  public static KnapsackOptions defaults() {
    return new KnapsackOptions(0.9, 10_000, true);
  }

  /** Target efficiency (average / maximum load) in (0, 1]; swapping stops once it is reached. */
  public KnapsackOptions withEfficiency(double value) {
    Checks.check(value > 0 && value <= 1, "efficiency", value, "must be in (0, 1]");
    return new KnapsackOptions(value, maxSwaps, levelByLevel);
  }

  /** Upper bound on swaps per placement, in [0, +inf). */
  public KnapsackOptions withMaxSwaps(int value) {
    Checks.check(value >= 0, "maxSwaps", value, "must be in [0, " + Integer.MAX_VALUE + "]");
    return new KnapsackOptions(efficiency, value, levelByLevel);
  }

  public KnapsackOptions withLevelByLevel(boolean value) {
    return new KnapsackOptions(efficiency, maxSwaps, value);
  }

  public double efficiency() {
    return efficiency;
  }

  public int maxSwaps() {
    return maxSwaps;
  }

  public boolean levelByLevel() {
    return levelByLevel;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KnapsackOptions k && Double.compare(k.efficiency, efficiency) == 0 && k.maxSwaps == maxSwaps
        && k.levelByLevel == levelByLevel;
  }

  @Override
  public int hashCode() {
    return Objects.hash(efficiency, maxSwaps, levelByLevel);
  }

  @Override
  public String toString() {
    return "KnapsackOptions[efficiency=" + efficiency + ", maxSwaps=" + maxSwaps + ", levelByLevel=" + levelByLevel
        + "]";
  }
}
