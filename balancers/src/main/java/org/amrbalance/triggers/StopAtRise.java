package org.amrbalance.triggers;

import java.util.Locale;
import org.amrbalance.spi.TriggerState;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/**
 * Stop-At-Rise (seed 000 §8): with e_j = T_max(j) − T_avg(j) the idle time of step j since the last remap and C the
 * cost of a remap, W(n) = (Σ_{j≤n} e_j + C)/n is the mean loss per step if we remapped now; remap at the first n with
 * W(n) > W(n−1), then start a new interval.
 *
 * <p>O(1) per step: W(n) > W(n−1) ⇔ e_n > W(n−1) (spec §8.2), tested as (n−1)·e_n > S_{n−1} + C so that an exact tie
 * with integer loads is not decided by rounding. Edge cases the paper leaves open (spec §8.3, §14 item 13):
 * <ul>
 *   <li>first step of an interval: W(0) does not exist, so step 1 never fires; a remap therefore never fires
 *       twice in a row, and the interval that ends has length ≥ 2;
 *   <li>tie W(n) = W(n−1): keep (the paper's strict "&gt;");
 *   <li>last step: the policy knows no horizon unless told {@link StopAtRiseOptions#steps(long)}; a host should not
 *       act on a remap asked for at its final step, and the simulators of {@code org.amrbalance.experiments.models}
 *       do not (a remap there is pure cost);
 *   <li>a cost measured as about 0: floored at {@link StopAtRiseOptions#minCost(double)} mean step times (off by
 *       default, the paper's rule);
 *   <li>C: the measured cost of the last remap; before the first, {@link StopAtRiseOptions#initialCost()}, or the
 *       first step's T_max if that is unknown. C is counted in the first interval too;
 *   <li>a remap asked for but skipped ({@link #onRemapSkipped()}): the interval goes on, since the imbalance was
 *       not removed;
 *   <li>a remap the policy did not ask for (told through {@link #onRemap(double)}) starts a new interval all the same.
 * </ul>
 */
final class StopAtRise implements RemapPolicy {
  /** The configuration name. */
  public static final String NAME = "stop-at-rise";
  private static final int STATE_VERSION = 2;

  private final RankCount ranks = new RankCount();
  private double cost;
  private double idleSum;
  private int steps;
  private final StopAtRiseOptions options;
  private long total;
  private double averageSum;

  public StopAtRise(StopAtRiseOptions options) {
    this.options = Checks.notNull("options", options);
    this.cost = options.initialCost();
  }

  public StopAtRise() {
    this(StopAtRiseOptions.defaults());
  }

  @Override
  public RemapDecision onStep(StepTimes times) {
    ranks.check(times);
    if (Double.isNaN(cost)) {
      cost = times.max();
    }
    double e = times.idle();
    total++;
    averageSum += times.average();
    double c = Math.max(cost, options.minCost() * averageSum / total);
    boolean rise = steps >= 1 && steps * e > idleSum + c;
    steps++;
    idleSum += e;
    if (rise && options.steps() > 0) {
      long left = options.steps() - total;
      rise = left > 0 && (left >= steps || left * (e - idleSum / steps) > c);
    }
    if (rise) {
      return RemapDecision.remap(String.format(Locale.ROOT,
          "mean loss per step W(%d) = %.4g s rose above W(%d) = %.4g s", steps, currentW(), steps - 1,
          (idleSum - e + cost) / (steps - 1)));
    }
    return RemapDecision.keep();
  }

  @Override
  public void onRemap(double measuredCost) {
    Checks.finiteNonNegative("measuredCost", measuredCost);
    cost = measuredCost;
    idleSum = 0;
    steps = 0;
    ranks.remapped();
  }

  @Override
  public byte[] saveState() {
    return TriggerState.writer(NAME, STATE_VERSION).putInt(ranks.get()).putDouble(cost)
        .putDouble(idleSum).putInt(steps).putLong(total).putDouble(averageSum).toBytes();
  }

  @Override
  public void restoreState(byte[] state) {
    TriggerState.Reader in = TriggerState.reader(state, NAME, STATE_VERSION);
    int r = in.readInt();
    double c = in.readDouble();
    double s = in.readDouble();
    int n = in.readInt();
    long t = in.readLong();
    double a = in.readDouble();
    in.end();
    Checks.check(n >= 0 && r >= 0 && t >= 0, "state", n + " steps on " + r + " ranks", "counts must be >= 0");
    ranks.set(r);
    cost = c;
    idleSum = s;
    steps = n;
    total = t;
    averageSum = a;
  }

  /** W(n) of the current interval, NaN before its first step. */
  public double currentW() {
    return steps == 0 ? Double.NaN : (idleSum + cost) / steps;
  }

  /** Steps since the last remap (n). */
  public int stepsSinceRemap() {
    return steps;
  }

  /** The C used in W: the last measured remap cost, else the initial estimate (NaN before the first step). */
  public double cost() {
    return cost;
  }
}
