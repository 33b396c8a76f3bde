package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/** Options of the shelf-packing baseline: scaling, bin-width growth per iteration, side-enlargement rounds. */
@Immutable
public final class ShelfPackingOptions {
  private final Scaling scaling;
  private final double growth;
  private final int maxRepairRounds;

  private ShelfPackingOptions(Scaling scaling, double growth, int maxRepairRounds) {
    this.scaling = scaling;
    this.growth = growth;
    this.maxRepairRounds = maxRepairRounds;
  }

  /** Non-uniform scaling, 1% growth (the thesis's LP), 16 rounds. */
  public static ShelfPackingOptions defaults() {
    return new ShelfPackingOptions(Scaling.NON_UNIFORM, 0.01, 16);
  }

  public ShelfPackingOptions withScaling(Scaling s) {
    return new ShelfPackingOptions(Checks.notNull("scaling", s), growth, maxRepairRounds);
  }

  /** Relative growth of the bin width per iteration, in (0, 1]. */
  public ShelfPackingOptions withGrowth(double g) {
    Checks.check(Double.isFinite(g) && g > 0 && g <= 1, "growth", g, "must be in (0, 1]");
    return new ShelfPackingOptions(scaling, g, maxRepairRounds);
  }

  public ShelfPackingOptions withMaxRepairRounds(int rounds) {
    Checks.check(rounds >= 0 && rounds <= 1000, "maxRepairRounds", rounds, "must be in [0, 1000]");
    return new ShelfPackingOptions(scaling, growth, rounds);
  }

  public Scaling scaling() {
    return scaling;
  }

  public double growth() {
    return growth;
  }

  public int maxRepairRounds() {
    return maxRepairRounds;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShelfPackingOptions s && s.scaling == scaling && Double.compare(s.growth, growth) == 0
        && s.maxRepairRounds == maxRepairRounds;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(scaling, growth, maxRepairRounds);
  }

  @Override
  public String toString() {
    return "ShelfPackingOptions[scaling=" + scaling + ", growth=" + growth + ", maxRepairRounds=" + maxRepairRounds
        + "]";
  }
}
