package org.amrbalance.triggers;

import org.amrbalance.balancers.Checks;
import org.amrbalance.spi.StepTimes;

/**
 * Remembers how many ranks the first step reported and rejects a step with another count: a trigger's
 * statistics mix steps, and a changed rank count would silently mean something else (issue 11, robustness).
 */
final class RankCount {
  private int ranks;

  /** Checks {@code times} against the earlier steps and returns it. */
  StepTimes check(StepTimes times) {
    Checks.notNull("times", times);
    if (ranks == 0) {
      ranks = times.ranks();
    } else if (times.ranks() != ranks) {
      throw Checks.bad("times.ranks()", times.ranks(),
          "earlier steps reported " + ranks + " ranks; a trigger serves one run on a fixed rank count");
    }
    return times;
  }
}
