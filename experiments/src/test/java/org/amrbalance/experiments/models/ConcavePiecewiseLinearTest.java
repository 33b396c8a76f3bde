package org.amrbalance.experiments.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Thinning the knots of a concave value function with a measured error (seed 001, spec §9). */
class ConcavePiecewiseLinearTest {

  // The lower envelope of random lines sampled at many knots: concave, with kinks of every size.
  private static ConcavePiecewiseLinear envelope(int knots, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[] slope = new double[40];
    double[] icept = new double[slope.length];
    for (int i = 0; i < slope.length; i++) {
      slope[i] = rng.nextDouble(-500, 500);
      icept[i] = rng.nextDouble(0, 300);
    }
    double[] xs = new double[knots];
    double[] ys = new double[knots];
    for (int k = 0; k < knots; k++) {
      xs[k] = k == knots - 1 ? 1 : (double) k / (knots - 1);
      double y = Double.MAX_VALUE;
      for (int i = 0; i < slope.length; i++) {
        y = Math.min(y, icept[i] + slope[i] * xs[k]);
      }
      ys[k] = y;
    }
    return ConcavePiecewiseLinear.of(xs, ys);
  }

  @Test
  void thinnedFunctionLiesBelowWithinTheMeasuredChange() {
    ConcavePiecewiseLinear f = envelope(3001, 11);
    for (double tolerance : new double[] {1e-3, 1e-1, 10}) {
      ConcavePiecewiseLinear.Simplified s = f.simplified(tolerance);
      ConcavePiecewiseLinear g = s.function();
      assertThat(g.segments()).isLessThan(f.segments());
      assertThat(g.xs[0]).isZero();
      assertThat(g.xs[g.xs.length - 1]).isEqualTo(1);
      assertThat(s.maxChange()).isPositive().isLessThanOrEqualTo(tolerance);
      // Both are linear between f's knots, so the change there is the change everywhere; check a finer grid too.
      double largest = 0;
      for (int k = 0; k <= 20_000; k++) {
        double x = k / 20_000.0;
        double drop = f.at(x) - g.at(x);
        assertThat(drop).as("x = %s, tolerance %s", x, tolerance).isGreaterThanOrEqualTo(-1e-9);
        largest = Math.max(largest, drop);
      }
      for (double x : f.xs) {
        largest = Math.max(largest, f.at(x) - g.at(x));
      }
      assertThat(largest).isLessThanOrEqualTo(s.maxChange() + 1e-9).isGreaterThan(s.maxChange() - 1e-9);
    }
  }

  @Test
  void zeroToleranceDropsOnlyKnotsOnAStraightLine() {
    ConcavePiecewiseLinear f = ConcavePiecewiseLinear.of(new double[] {0, 0.25, 0.5, 0.75, 1},
        new double[] {0, 1, 2, 2.5, 3});
    ConcavePiecewiseLinear.Simplified s = f.simplified(0);
    assertThat(s.function().xs).containsExactly(0, 0.5, 1);
    assertThat(s.maxChange()).isZero();
    assertThat(f.simplified(0.3).function().xs).containsExactly(0, 0.5, 1);
    assertThat(f.simplified(0.6).function().xs).containsExactly(0, 1);
    assertThat(f.simplified(0.6).maxChange()).isEqualTo(0.5);
  }

  @Test
  void knotsMustSpanTheUnitInterval() {
    assertThatThrownBy(() -> ConcavePiecewiseLinear.of(new double[] {0, 0.5}, new double[] {0, 1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("xs");
    assertThatThrownBy(() -> ConcavePiecewiseLinear.of(new double[] {0, 0.5, 0.5, 1}, new double[] {0, 1, 1, 1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("xs[2]");
    assertThatThrownBy(() -> ConcavePiecewiseLinear.zero().simplified(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tolerance");
  }
}
