package org.amrbalance.triggers;

import org.amrbalance.spi.TriggerState;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.StepTimes;

/**
 * Remembers how many ranks the first step since the last remap reported and rejects a step with another count:
 * a trigger's statistics mix steps, and a changed rank count would silently mean something else (issue 11,
 * robustness). Only a remap may move the run to another count, as a restart on other ranks does.
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
          "earlier steps reported " + ranks + " ranks; between remaps a trigger serves a fixed rank count");
    }
    return times;
  }

  /** A remap took place: the next step may report another count. */
  void remapped() {
    ranks = 0;
  }

  /** The count in force, 0 before the first step since the last remap. */
  int get() {
    return ranks;
  }

  /** The whole state of a trigger that keeps nothing but its rank count. */
  byte[] saveAlone(String kind) {
    return TriggerState.writer(kind, 1).putInt(ranks).toBytes();
  }

  /** Reads {@link #saveAlone}. */
  void restoreAlone(String kind, byte[] state) {
    TriggerState.Reader in = TriggerState.reader(state, kind, 1);
    int r = in.readInt();
    in.end();
    set(r);
  }

  /** Restores a count from {@link #get}. */
  void set(int count) {
    Checks.check(count >= 0, "ranks", count, "must be >= 0");
    ranks = count;
  }
}
