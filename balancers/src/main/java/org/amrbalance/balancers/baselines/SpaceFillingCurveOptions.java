package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;

/** Settings of {@link SpaceFillingCurveBalancer} (the curve itself is chosen by the module). */
@Immutable
public final class SpaceFillingCurveOptions {
  private final boolean levelByLevel;

  private SpaceFillingCurveOptions(boolean levelByLevel) {
    this.levelByLevel = levelByLevel;
  }

  /** One curve split per level, as AMReX keeps a distribution mapping per level. */
  public static SpaceFillingCurveOptions defaults() {
    return new SpaceFillingCurveOptions(true);
  }

  /**
   * true: each level is ordered and split on its own; false: all patches in one order (centres mapped to
   * level-0 coordinates, coarser level first among equal keys) and one split.
   */
  public SpaceFillingCurveOptions withLevelByLevel(boolean value) {
    return new SpaceFillingCurveOptions(value);
  }

  public boolean levelByLevel() {
    return levelByLevel;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SpaceFillingCurveOptions s && s.levelByLevel == levelByLevel;
  }

  @Override
  public int hashCode() {
    return Boolean.hashCode(levelByLevel);
  }

  @Override
  public String toString() {
    return "SpaceFillingCurveOptions[levelByLevel=" + levelByLevel + "]";
  }
}
