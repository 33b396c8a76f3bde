package org.amrbalance.triggers;

import java.util.Arrays;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.TriggerState;

/**
 * The robust input of a trigger: a step's relative idle r = (T_max − T_avg)/T_avg, which a remap can remove and which
 * a uniform slowdown or a spike on every rank leaves unchanged, with single-step spikes on one rank held to the level
 * of the steps before; and the reference step time, the median T_avg of the last five steps, which one spike cannot
 * move and which follows a lasting slowdown within three steps.
 */
final class IdleSignal {
  private static final int REFERENCE_STEPS = 5;

  private final double spikeJump;
  private final double[] averages = new double[REFERENCE_STEPS];
  private long seen;
  private double previous = Double.NaN;
  private double beforePrevious = Double.NaN;
  private boolean lastWasSpike;

  IdleSignal(double spikeJump) {
    this.spikeJump = spikeJump;
  }

  /** The step's relative idle, a spike replaced by the larger of the two steps before it (same interval only). */
  double admit(StepTimes times) {
    double avg = times.average();
    averages[(int) (seen++ % REFERENCE_STEPS)] = avg;
    double r = avg > 0 ? times.idle() / avg : 0;
    double level = Double.isNaN(previous) ? Double.NaN
        : Double.isNaN(beforePrevious) ? previous : Math.max(previous, beforePrevious);
    lastWasSpike = !Double.isNaN(level) && r - level > spikeJump;
    beforePrevious = previous;
    previous = r;
    return lastWasSpike ? level : r;
  }

  /** Whether the last admitted step was held as a spike. */
  boolean lastWasSpike() {
    return lastWasSpike;
  }

  /** The median T_avg of the last (up to) five steps, NaN before the first. */
  double referenceStep() {
    int n = (int) Math.min(seen, REFERENCE_STEPS);
    if (n == 0) {
      return Double.NaN;
    }
    double[] s = Arrays.copyOf(averages, n);
    Arrays.sort(s);
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  /** A remap: the idle starts over, the reference step time (a property of the solver) does not. */
  void restart() {
    previous = Double.NaN;
    beforePrevious = Double.NaN;
  }

  void write(TriggerState.Writer out) {
    out.putDoubles(averages).putLong(seen).putDouble(previous).putDouble(beforePrevious).putBoolean(lastWasSpike);
  }

  /** Reads what {@link #write} wrote; returns a runnable that applies it, so a bad state changes nothing. */
  Runnable read(TriggerState.Reader in) {
    double[] a = in.readDoubles();
    long s = in.readLong();
    double p = in.readDouble();
    double bp = in.readDouble();
    boolean spike = in.readBoolean();
    org.amrbalance.spi.internal.Checks.check(a != null && a.length == REFERENCE_STEPS && s >= 0, "state",
        "reference steps", "must hold " + REFERENCE_STEPS + " step times and a count >= 0");
    return () -> {
      System.arraycopy(a, 0, averages, 0, REFERENCE_STEPS);
      seen = s;
      previous = p;
      beforePrevious = bp;
      lastWasSpike = spike;
    };
  }
}
