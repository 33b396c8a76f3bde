package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/**
 * Options of the shelf-packing baseline: scaling, bin-width growth per iteration, side-enlargement rounds.
 *
 * @param scaling how the packing is scaled onto the mesh (not null)
 * @param growth relative growth of the bin width per iteration, in (0, 1]
 * @param maxRepairRounds rounds of side enlargement, in [0, 1000]
 */
@Immutable
public record ShelfPackingOptions(Scaling scaling, double growth, int maxRepairRounds) {
  public ShelfPackingOptions {
    Checks.notNull("scaling", scaling);
    Checks.check(Double.isFinite(growth) && growth > 0 && growth <= 1, "growth", growth, "must be in (0, 1]");
    Checks.check(maxRepairRounds >= 0 && maxRepairRounds <= 1000, "maxRepairRounds", maxRepairRounds,
        "must be in [0, 1000]");
  }

  /** Non-uniform scaling, 1% growth (the thesis's LP), 16 rounds. */
  public static ShelfPackingOptions defaults() {
    return new ShelfPackingOptions(Scaling.NON_UNIFORM, 0.01, 16);
  }

  public ShelfPackingOptions withScaling(Scaling s) {
    return new ShelfPackingOptions(s, growth, maxRepairRounds);
  }

  /** Relative growth of the bin width per iteration, in (0, 1]. */
  public ShelfPackingOptions withGrowth(double g) {
    return new ShelfPackingOptions(scaling, g, maxRepairRounds);
  }

  /** Rounds of side enlargement, in [0, 1000]. */
  public ShelfPackingOptions withMaxRepairRounds(int rounds) {
    return new ShelfPackingOptions(scaling, growth, rounds);
  }
}
