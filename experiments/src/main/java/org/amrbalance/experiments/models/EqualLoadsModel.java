package org.amrbalance.experiments.models;

import java.util.Arrays;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.internal.Checks;

/**
 * Stationary loads: every rank has load 1 at every step and a remap changes nothing but costs C. Behind noise the
 * times still differ (T_max of 16 ranks at 20% noise is about 1.35 T_avg), but no remap removes that spread: the
 * right answer is never to remap, and every remap a trigger makes is a loss of C.
 *
 * <p>{@link #standard()}: 16 ranks, 300 steps, C = 5 mean steps, so that a trigger that took the noise's spread for
 * imbalance would expect a remap to pay back within 15 steps and be tempted.
 */
@Immutable
public record EqualLoadsModel(int ranks, int steps, double cost) implements ComparisonWorkload {
  /** Checked as {@link #of} documents. */
  public EqualLoadsModel {
    Checks.positive("ranks", ranks);
    Checks.positive("steps", steps);
    Checks.finiteNonNegative("cost", cost);
  }

  /** At least 1 rank and 1 step; cost finite and ≥ 0. */
  public static EqualLoadsModel of(int ranks, int steps, double cost) {
    return new EqualLoadsModel(ranks, steps, cost);
  }

  /** 16 ranks, 300 steps, remap cost 5. */
  public static EqualLoadsModel standard() {
    return of(16, 300, 5);
  }

  @Override
  public String label() {
    return "equal-loads";
  }

  @Override
  public RunResult run(long seed, RemapPolicy policy) {
    return LoadLoop.run(ranks, steps, cost, new LoadLoop.Path() {
      @Override
      public void loads(int t, double[] loads) {
        Arrays.fill(loads, 1);
      }

      @Override
      public void remap(int t) {
        // Nothing to even out.
      }
    }, policy);
  }

  @Override
  public String toString() {
    return "EqualLoadsModel[" + ranks + " ranks, " + steps + " steps, C = " + cost + "]";
  }
}
