package org.amrbalance.balancers.gridindivisibility;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link DecreasingFitBalancer}.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record DecreasingFitOptions(boolean levelByLevel) {
  /** Level by level, as the thesis balances each generation. */
  public static final Option<Boolean> LEVEL_BY_LEVEL = Option.flag("level-by-level", true,
      "balance each level on its own, as levels compute in turn");

  public static DecreasingFitOptions defaults() {
    return new DecreasingFitOptions(LEVEL_BY_LEVEL.defaultValue());
  }

  public DecreasingFitOptions withLevelByLevel(boolean value) {
    return new DecreasingFitOptions(value);
  }
}
