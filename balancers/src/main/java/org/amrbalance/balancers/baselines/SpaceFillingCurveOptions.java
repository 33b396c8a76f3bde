package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link SpaceFillingCurveBalancer} (the curve itself is chosen by the module).
 *
 * @param levelByLevel true: each level is ordered and split on its own; false: all patches in one order (centres
 *     mapped to level-0 coordinates, coarser level first among equal keys) and one split
 */
@Immutable
public record SpaceFillingCurveOptions(boolean levelByLevel) {
  public static final Option<Boolean> LEVEL_BY_LEVEL = BaselineOptions.LEVEL_BY_LEVEL;

  /** One curve split per level, as AMReX keeps a distribution mapping per level. */
  public static SpaceFillingCurveOptions defaults() {
    return new SpaceFillingCurveOptions(LEVEL_BY_LEVEL.defaultValue());
  }

  /**
   * true: each level is ordered and split on its own; false: all patches in one order (centres mapped to
   * level-0 coordinates, coarser level first among equal keys) and one split.
   */
  public SpaceFillingCurveOptions withLevelByLevel(boolean value) {
    return new SpaceFillingCurveOptions(value);
  }
}
