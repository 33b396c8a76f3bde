package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Options of the shelf-packing baseline: scaling, bin-width growth per iteration, side-enlargement rounds.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record ShelfPackingOptions(Scaling scaling, double growth, int maxRepairRounds) {
  public static final Option<Scaling> SCALING = GridPackingOptions.SCALING;
  public static final Option<Double> GROWTH = Option.number("growth", 0.01, Double.MIN_VALUE, 1,
      "relative enlargement per repair round");
  public static final Option<Integer> MAX_REPAIR_ROUNDS = GridPackingOptions.MAX_REPAIR_ROUNDS;

  public ShelfPackingOptions {
    Checks.notNull("scaling", scaling);
    GROWTH.check(growth);
    MAX_REPAIR_ROUNDS.check(maxRepairRounds);
  }

  /** Non-uniform scaling, 1% growth (the thesis's LP), 16 rounds. */
  public static ShelfPackingOptions defaults() {
    return new ShelfPackingOptions(SCALING.defaultValue(), GROWTH.defaultValue(), MAX_REPAIR_ROUNDS.defaultValue());
  }

  public ShelfPackingOptions withScaling(Scaling s) {
    return new ShelfPackingOptions(s, growth, maxRepairRounds);
  }

  public ShelfPackingOptions withGrowth(double g) {
    return new ShelfPackingOptions(scaling, g, maxRepairRounds);
  }

  public ShelfPackingOptions withMaxRepairRounds(int rounds) {
    return new ShelfPackingOptions(scaling, growth, rounds);
  }
}
