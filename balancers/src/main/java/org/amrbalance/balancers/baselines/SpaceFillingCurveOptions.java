package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link SpaceFillingCurveBalancer} (the curve itself is chosen by the module).
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record SpaceFillingCurveOptions(boolean levelByLevel) {
  public static final Option<Boolean> LEVEL_BY_LEVEL = BaselineOptions.LEVEL_BY_LEVEL;

  /** One curve split per level, as AMReX keeps a distribution mapping per level. */
  public static SpaceFillingCurveOptions defaults() {
    return new SpaceFillingCurveOptions(LEVEL_BY_LEVEL.defaultValue());
  }

  public SpaceFillingCurveOptions withLevelByLevel(boolean value) {
    return new SpaceFillingCurveOptions(value);
  }
}
