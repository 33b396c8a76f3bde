package org.amrbalance.mesh.laplace;

import static org.assertj.core.api.Assertions.assertThat;

import org.amrbalance.mesh.grid.AmrOptions;
import org.junit.jupiter.api.Test;

/** AMR against a uniform grid as fine as its finest level, on the sharp hot spot. */
class AmrAccuracyTest {
  @Test
  void reachesTheUniformFineErrorWithFarFewerPoints() {
    HotSpot spot = HotSpot.of(0.4, 0.05);
    int n0 = 32;
    int levels = 3;
    LaplaceAmr amr = LaplaceAmr.builder(n0, n0).amr(AmrOptions.defaults().withLevels(levels, 2))
        .laplace(LaplaceOptions.defaults().withFlagThreshold(0.002)).problem(spot).build();
    amr.solve();
    double amrError = amr.maxError();
    long amrPoints = amr.points();

    int fine = n0 << levels;
    double uniformError = ConvergenceTest.uniformError(spot, fine);
    long uniformPoints = (long) fine * fine;

    assertThat(amr.hierarchy().finestLevel()).isEqualTo(levels);
    assertThat(amrError).as("AMR error %.4e vs uniform %dx%d error %.4e", amrError, fine, fine, uniformError)
        .isLessThanOrEqualTo(1.02 * uniformError);
    assertThat((double) uniformPoints / amrPoints)
        .as("uniform points %d / AMR points %d", uniformPoints, amrPoints).isGreaterThanOrEqualTo(5.0);
    // Refinement is local: the finest level covers a small part of its domain.
    long[] perLevel = amr.pointsPerLevel();
    assertThat((double) perLevel[levels] / uniformPoints).isLessThan(0.1);
    System.out.printf("AMR: error %.4e with %d points %s; uniform %dx%d: error %.4e with %d points (%.1fx)%n",
        amrError, amrPoints, java.util.Arrays.toString(perLevel), fine, fine, uniformError, uniformPoints,
        (double) uniformPoints / amrPoints);
  }

  @Test
  void theCoarseLevelAloneIsFarWorse() {
    HotSpot spot = HotSpot.of(0.4, 0.05);
    LaplaceAmr amr = LaplaceAmr.builder(32, 32).amr(AmrOptions.defaults().withLevels(2, 2)).problem(spot).build();
    amr.solve();
    assertThat(amr.maxError()).isLessThan(0.5 * ConvergenceTest.uniformError(spot, 32));
  }
}
