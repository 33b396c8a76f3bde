package org.amrbalance.spi;

import java.util.Arrays;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * The measured compute time of each rank in one synchronized step (seconds, or any unit used consistently
 * with the remap costs a trigger is told). The step lasts as long as the slowest rank; the others idle for
 * {@code max - time[r]}.
 */
@Immutable
public final class StepTimes {
  private final double[] times;
  private final double max;
  private final double sum;

  private StepTimes(double[] times) {
    this.times = times;
    double m = 0;
    double s = 0;
    for (double t : times) {
      m = Math.max(m, t);
      s += t;
    }
    this.max = m;
    this.sum = s;
  }

  /** One time per rank; every time must be finite and non-negative, and there must be at least one rank. */
  public static StepTimes of(double... times) {
    Checks.notNull("times", times);
    if (times.length <= 0) {
      throw Checks.bad("times.length", 0, "a step needs at least one rank");
    }
    for (int r = 0; r < times.length; r++) {
      if (!(Double.isFinite(times[r]) && times[r] >= 0)) {
        throw Checks.bad("times[" + r + "]", times[r], "step time of rank " + r + " must be finite and >= 0");
      }
    }
    return new StepTimes(times.clone());
  }

  public int ranks() {
    return times.length;
  }

  public double time(int rank) {
    if (!(rank >= 0 && rank < times.length)) {
      throw Checks.bad("rank", rank, "must be in [0, " + times.length + ")");
    }
    return times[rank];
  }

  public double[] toArray() {
    return times.clone();
  }

  /** T_max: the step's duration. */
  public double max() {
    return max;
  }

  /** T_avg: the step's duration had the work been spread perfectly. */
  public double average() {
    return sum / times.length;
  }

  public double sum() {
    return sum;
  }

  /** T_max - T_avg: the time per rank lost to imbalance in this step (seed 000's idle term). */
  public double idle() {
    return max - average();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StepTimes s && Arrays.equals(s.times, times);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(times);
  }

  @Override
  public String toString() {
    return "StepTimes" + Arrays.toString(times);
  }
}
