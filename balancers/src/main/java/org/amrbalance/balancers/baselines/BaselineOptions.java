package org.amrbalance.balancers.baselines;

import org.amrbalance.components.Option;

/** Options several baselines share, declared once. */
final class BaselineOptions {
  static final Option<Boolean> LEVEL_BY_LEVEL = Option.flag("level-by-level", true,
      "balance each level on its own, as levels compute in turn");

  private BaselineOptions() {}
}
