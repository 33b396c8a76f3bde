package org.amrbalance.mesh.laplace;

import static org.assertj.core.api.Assertions.assertThat;

import org.amrbalance.mesh.grid.AmrOptions;
import org.junit.jupiter.api.Test;

/** The base solver on uniform grids: the max-norm error falls by about 4 when h halves. */
class ConvergenceTest {
  static double uniformError(HarmonicFunction p, int n) {
    LaplaceAmr s = LaplaceAmr.builder(n, n).amr(AmrOptions.defaults().withLevels(0, 2))
        .laplace(LaplaceOptions.defaults().withTolerance(1e-12).withMaxSweeps(100_000)).problem(p).build();
    s.solve();
    return s.maxError();
  }

  @Test
  void errorRatioIsAboutFourWhenTheCellWidthHalves() {
    HotSpot smooth = HotSpot.of(0.4, 1.0);
    double e32 = uniformError(smooth, 32);
    double e64 = uniformError(smooth, 64);
    double e128 = uniformError(smooth, 128);
    assertThat(e32 / e64).as("error ratio 32 -> 64 (errors %.3e, %.3e)", e32, e64).isBetween(3.5, 4.5);
    assertThat(e64 / e128).as("error ratio 64 -> 128 (errors %.3e, %.3e)", e64, e128).isBetween(3.7, 4.3);
  }

  @Test
  void convergesOnTheSharpHotSpotToo() {
    HotSpot sharp = HotSpot.of(0.4, 0.05);
    double e64 = uniformError(sharp, 64);
    double e128 = uniformError(sharp, 128);
    // Still pre-asymptotic at these widths (the spot spans 3 and 6 cells), but clearly better than first order.
    assertThat(e64 / e128).isGreaterThan(2.2);
  }
}
