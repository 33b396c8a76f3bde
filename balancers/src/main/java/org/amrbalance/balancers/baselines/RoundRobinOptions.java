package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link RoundRobinBalancer}.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record RoundRobinOptions(boolean restartEachLevel) {
  /** One deal over the whole hierarchy in level-then-id order. */
  public static final Option<Boolean> RESTART_EACH_LEVEL = Option.flag("restart-each-level", false,
      "deal each level again, from the rank with the least work below");

  public static RoundRobinOptions defaults() {
    return new RoundRobinOptions(RESTART_EACH_LEVEL.defaultValue());
  }

  public RoundRobinOptions withRestartEachLevel(boolean value) {
    return new RoundRobinOptions(value);
  }
}
