package org.amrbalance.mesh.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.DoubleBinaryOperator;
import org.amrbalance.spi.Box;
import org.junit.jupiter.api.Test;

class InterpolationTest {
  /** Largest error interpolating {@code f} (sampled at coarse centres, cell width H) onto a fine box. */
  private static double maxError(Interpolation interp, DoubleBinaryOperator f, double coarseH, int r) {
    int c0 = (int) Math.round(0.16 / coarseH); // the same physical region at every resolution
    Box fine = Box.of2d(c0 * r, c0 * r, (c0 + 4) * r - 1, (c0 + 4) * r - 1);
    Box window = interp.stencil(fine, r);
    double[] w = new double[Math.toIntExact(window.volume())];
    int k = 0;
    for (int j = window.lo(1); j <= window.hi(1); j++) {
      for (int i = window.lo(0); i <= window.hi(0); i++) {
        w[k++] = f.applyAsDouble((i + 0.5) * coarseH, (j + 0.5) * coarseH);
      }
    }
    GridData u = GridData.create(fine, 0);
    interp.apply(w, window, r, u, fine);
    double h = coarseH / r;
    double max = 0;
    for (int j = fine.lo(1); j <= fine.hi(1); j++) {
      for (int i = fine.lo(0); i <= fine.hi(0); i++) {
        max = Math.max(max, Math.abs(u.get(i, j) - f.applyAsDouble((i + 0.5) * h, (j + 0.5) * h)));
      }
    }
    return max;
  }

  @Test
  void bilinearIsExactForLinearDataAndSecondOrder() {
    for (int r : new int[] {2, 4}) {
      assertThat(maxError(Interpolation.BILINEAR, (x, y) -> 3 * x - 2 * y + 1, 0.1, r)).isLessThan(1e-12);
      double e1 = maxError(Interpolation.BILINEAR, (x, y) -> Math.sin(3 * x) * Math.cos(2 * y), 0.01, r);
      double e2 = maxError(Interpolation.BILINEAR, (x, y) -> Math.sin(3 * x) * Math.cos(2 * y), 0.005, r);
      assertThat(Math.log(e1 / e2) / Math.log(2)).as("observed order, ratio %d", r).isBetween(1.8, 2.2);
    }
    assertThat(Interpolation.BILINEAR.order()).isEqualTo(2);
  }

  @Test
  void biquadraticIsExactForQuadraticDataAndThirdOrder() {
    for (int r : new int[] {2, 4}) {
      assertThat(maxError(Interpolation.BIQUADRATIC, (x, y) -> x * x - 3 * x * y + 2 * y * y - x, 0.1, r))
          .isLessThan(1e-12);
      double e1 = maxError(Interpolation.BIQUADRATIC, (x, y) -> Math.sin(3 * x) * Math.cos(2 * y), 0.01, r);
      double e2 = maxError(Interpolation.BIQUADRATIC, (x, y) -> Math.sin(3 * x) * Math.cos(2 * y), 0.005, r);
      assertThat(Math.log(e1 / e2) / Math.log(2)).as("observed order, ratio %d", r).isBetween(2.7, 3.3);
    }
    assertThat(Interpolation.BIQUADRATIC.order()).isEqualTo(3);
  }
}
