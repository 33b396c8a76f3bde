package org.amrbalance.balancers.gridindivisibility;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link DecreasingFitBalancer}.
 *
 * @param levelByLevel true: one LPT per level; false: one LPT over all patches of the hierarchy
 */
@Immutable
public record DecreasingFitOptions(boolean levelByLevel) {
  /** Level by level, as the thesis balances each generation. */
  public static final Option<Boolean> LEVEL_BY_LEVEL = Option.flag("level-by-level", true,
      "balance each level on its own, as levels compute in turn");

  public static DecreasingFitOptions defaults() {
    return new DecreasingFitOptions(LEVEL_BY_LEVEL.defaultValue());
  }

  /** true: one LPT per level; false: one LPT over all patches of the hierarchy. */
  public DecreasingFitOptions withLevelByLevel(boolean value) {
    return new DecreasingFitOptions(value);
  }
}
