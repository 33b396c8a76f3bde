package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;

/**
 * Settings of {@link RoundRobinBalancer}.
 *
 * @param restartEachLevel true: every level is dealt again, from the rank with the least work below it (so each
 *     level is spread evenly on its own); false: one deal over the whole hierarchy in level-then-id order
 */
@Immutable
public record RoundRobinOptions(boolean restartEachLevel) {
  /** One deal over the whole hierarchy in level-then-id order. */
  public static RoundRobinOptions defaults() {
    return new RoundRobinOptions(false);
  }

  /**
   * true: every level is dealt again, from the rank with the least work below it (so each level is spread evenly on
   * its own); see {@link RoundRobinBalancer}.
   */
  public RoundRobinOptions withRestartEachLevel(boolean value) {
    return new RoundRobinOptions(value);
  }
}
