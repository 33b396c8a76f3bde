package org.amrbalance.triggers;

import org.amrbalance.spi.TriggerState;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/**
 * Remap after steps m, 2m, … counted from the last remap (seed 000 §9). A remap asked for but skipped is asked for
 * again at the next step; a remap from elsewhere restarts the count.
 */
final class FixedInterval implements RemapPolicy {
  /** The configuration name. */
  public static final String NAME = "fixed-interval";
  private static final int STATE_VERSION = 1;

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
    ranks.remapped();
  }

  @Override
  public byte[] saveState() {
    return TriggerState.writer(NAME, STATE_VERSION).putInt(ranks.get()).putInt(steps)
        .toBytes();
  }

  @Override
  public void restoreState(byte[] state) {
    TriggerState.Reader in = TriggerState.reader(state, NAME, STATE_VERSION);
    int r = in.readInt();
    int n = in.readInt();
    in.end();
    Checks.check(n >= 0 && r >= 0, "state", n + " steps on " + r + " ranks", "counts must be >= 0");
    ranks.set(r);
    steps = n;
  }

  public int interval() {
    return interval;
  }
}
