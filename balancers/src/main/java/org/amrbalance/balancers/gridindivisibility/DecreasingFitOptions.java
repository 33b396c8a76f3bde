package org.amrbalance.balancers.gridindivisibility;

import javax.annotation.concurrent.Immutable;

/**
 * Settings of {@link DecreasingFitBalancer}.
 *
 * @param levelByLevel true: one LPT per level; false: one LPT over all patches of the hierarchy
 */
@Immutable
public record DecreasingFitOptions(boolean levelByLevel) {
  /** Level by level, as the thesis balances each generation. */
  public static DecreasingFitOptions defaults() {
    return new DecreasingFitOptions(true);
  }

  /** true: one LPT per level; false: one LPT over all patches of the hierarchy. */
  public DecreasingFitOptions withLevelByLevel(boolean value) {
    return new DecreasingFitOptions(value);
  }
}
