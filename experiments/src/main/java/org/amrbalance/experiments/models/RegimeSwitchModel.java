package org.amrbalance.experiments.models;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.internal.Checks;

/**
 * A regime switch: every rank has load 1 (the mean step time before the switch), then from step {@code from} to step
 * {@code to} one rank's load, drawn from the seed, grows by {@code growth} per step, then the growth stops. A remap
 * spreads the excess grown so far evenly over the ranks; growth after it lands on the same rank again. So remaps pay
 * only while the growth lasts: before it they change nothing, and after it one remap leaves the loads balanced for
 * good. A fixed interval either remaps too rarely during the growth or pays for useless remaps outside it; a trigger
 * that sees the regime can beat every fixed interval.
 *
 * <p>{@link #standard()}: 16 ranks, 300 steps, growth 0.02 per step from step 100 to 200 (the hot rank at 3 times
 * the others' load when it stops, unremapped), remap cost 10 mean steps, so that during the growth remaps every
 * 30 or so steps pay (the interval where the cost equals the idle it removes is √(2C/(g(N−1)/N)) ≈ 33) and that
 * remapping matters: never remapping keeps a utilization of about 0.53, remapping three times during the growth
 * about 0.8.
 */
@Immutable
public record RegimeSwitchModel(int ranks, int steps, int from, int to, double growth, double cost)
    implements ComparisonWorkload {
  /** Checked as {@link #of} documents. */
  public RegimeSwitchModel {
    Checks.atLeast("ranks", ranks, 2);
    Checks.positive("steps", steps);
    Checks.check(from >= 0 && from <= to, "from", from, "must be in [0, to = " + to + "]");
    Checks.check(to <= steps, "to", to, "must be <= steps = " + steps);
    Checks.finiteNonNegative("growth", growth);
    Checks.finiteNonNegative("cost", cost);
  }

  /**
   * @param ranks at least 2
   * @param steps at least 1
   * @param from the step the growth starts, in [0, to]
   * @param to the step it stops, in [from, steps]
   * @param growth load added to the hot rank per step, finite and ≥ 0
   * @param cost remap cost, finite and ≥ 0
   */
  public static RegimeSwitchModel of(int ranks, int steps, int from, int to, double growth, double cost) {
    return new RegimeSwitchModel(ranks, steps, from, to, growth, cost);
  }

  /** 16 ranks, 300 steps, growth 0.02 per step from step 100 to 200, remap cost 10. */
  public static RegimeSwitchModel standard() {
    return of(16, 300, 100, 200, 0.02, 10);
  }

  @Override
  public String label() {
    return "regime-switch";
  }

  /** The excess grown by step t: 0 before {@code from}, growth · (t − from) up to {@code to}, then constant. */
  double excess(int t) {
    return growth * Math.max(0, Math.min(t, to) - from);
  }

  @Override
  public RunResult run(long seed, RemapPolicy policy) {
    int hot = new SplittableRandom(seed).nextInt(ranks);
    return LoadLoop.run(ranks, steps, cost, new LoadLoop.Path() {
      /** The excess already spread evenly by the last remap. */
      private double spread;

      @Override
      public void loads(int t, double[] loads) {
        Arrays.fill(loads, 1 + spread / ranks);
        loads[hot] += excess(t) - spread;
      }

      @Override
      public void remap(int t) {
        spread = excess(t);
      }
    }, policy);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "RegimeSwitchModel[%d ranks, %d steps, growth %s from %d to %d, C = %s]",
        ranks, steps, growth, from, to, cost);
  }
}
