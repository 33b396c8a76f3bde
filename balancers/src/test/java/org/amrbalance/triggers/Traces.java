package org.amrbalance.triggers;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/** Hand-made step-time traces and a replay that performs every remap the policy asks for. */
final class Traces {
  private Traces() {}

  /** A two-rank step whose idle time T_max − T_avg is exactly {@code idle}: times (1, 1 + 2·idle). */
  static StepTimes idle(double idle) {
    return StepTimes.of(1, 1 + 2 * idle);
  }

  /**
   * Replays {@code times}; whenever the policy asks for a remap, tells it the next cost from {@code costs} (the last
   * one repeats). Returns the 1-based steps at which it fired.
   */
  static List<Integer> firings(RemapPolicy policy, List<StepTimes> times, double... costs) {
    List<Integer> fired = new ArrayList<>();
    for (int t = 0; t < times.size(); t++) {
      if (policy.onStep(times.get(t)).shouldRemap()) {
        fired.add(t + 1);
        policy.onRemap(costs[Math.min(fired.size() - 1, costs.length - 1)]);
      }
    }
    return fired;
  }

  static List<StepTimes> idles(double... idle) {
    List<StepTimes> l = new ArrayList<>();
    for (double e : idle) {
      l.add(idle(e));
    }
    return l;
  }
}
