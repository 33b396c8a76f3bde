package org.amrbalance.triggers;

import org.amrbalance.balancers.Checks;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/**
 * Remap after steps m, 2m, … counted from the last remap (seed 000 §9). A remap asked for but skipped is asked for
 * again at the next step; a remap from elsewhere restarts the count.
 */
public final class FixedInterval implements RemapPolicy {
  private final RankCount ranks = new RankCount();
  private final int interval;
  private int steps;

  public FixedInterval(FixedIntervalOptions options) {
    this.interval = Checks.notNull("options", options).interval();
  }

  public static FixedInterval every(int m) {
    return new FixedInterval(FixedIntervalOptions.defaults().interval(m));
  }

  @Override
  public RemapDecision onStep(StepTimes times) {
    ranks.check(times);
    steps++;
    return steps >= interval ? RemapDecision.remap(steps + " steps since the last remap (m = " + interval + ")")
        : RemapDecision.keep();
  }

  @Override
  public void onRemap(double measuredCost) {
    Checks.finiteNonNegative("measuredCost", measuredCost);
    steps = 0;
  }

  public int interval() {
    return interval;
  }
}
