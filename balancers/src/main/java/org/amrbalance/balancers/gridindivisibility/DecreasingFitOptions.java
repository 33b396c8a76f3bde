package org.amrbalance.balancers.gridindivisibility;

import javax.annotation.concurrent.Immutable;

/** Settings of {@link DecreasingFitBalancer}. */
@Immutable
public final class DecreasingFitOptions {
  private final boolean levelByLevel;

  private DecreasingFitOptions(boolean levelByLevel) {
    this.levelByLevel = levelByLevel;
  }

  /** Level by level, as the thesis balances each generation. */
  public static DecreasingFitOptions defaults() {
    return new DecreasingFitOptions(true);
  }

  /** true: one LPT per level; false: one LPT over all patches of the hierarchy. */
  public DecreasingFitOptions withLevelByLevel(boolean value) {
    return new DecreasingFitOptions(value);
  }

  public boolean levelByLevel() {
    return levelByLevel;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DecreasingFitOptions d && d.levelByLevel == levelByLevel;
  }

  @Override
  public int hashCode() {
    return Boolean.hashCode(levelByLevel);
  }

  @Override
  public String toString() {
    return "DecreasingFitOptions[levelByLevel=" + levelByLevel + "]";
  }
}
