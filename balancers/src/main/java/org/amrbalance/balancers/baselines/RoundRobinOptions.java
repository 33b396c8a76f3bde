package org.amrbalance.balancers.baselines;

import javax.annotation.concurrent.Immutable;

/** Settings of {@link RoundRobinBalancer}. */
@Immutable
public final class RoundRobinOptions {
  private final boolean restartEachLevel;

  private RoundRobinOptions(boolean restartEachLevel) {
    this.restartEachLevel = restartEachLevel;
  }

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

  public boolean restartEachLevel() {
    return restartEachLevel;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RoundRobinOptions r && r.restartEachLevel == restartEachLevel;
  }

  @Override
  public int hashCode() {
    return Boolean.hashCode(restartEachLevel);
  }

  @Override
  public String toString() {
    return "RoundRobinOptions[restartEachLevel=" + restartEachLevel + "]";
  }
}
