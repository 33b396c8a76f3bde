package org.amrbalance.triggers.frequency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The expected maximum of independent normals with their own means and deviations, against closed forms. */
class MaxFactorTest {
  /** Clark (1961): E[max(X, Y)] = μ_x Φ(d) + μ_y Φ(−d) + θ φ(d), θ² = s_x² + s_y², d = (μ_x − μ_y)/θ. */
  private static double clark(double mx, double sx, double my, double sy) {
    double theta = Math.sqrt(sx * sx + sy * sy);
    double d = (mx - my) / theta;
    return mx * Normal.cdf(d) + my * Normal.cdf(-d) + theta * Normal.density(d);
  }

  @Test
  void twoNormalsMatchClarksFormula() {
    double[][] cases = {{0, 1, 0, 1}, {1, 0.2, 1.1, 0.22}, {3, 0.5, 1, 2}, {-2, 0.01, -2.5, 0.3}};
    for (double[] c : cases) {
      assertThat(MaxFactor.expectedMaxOfNormals(new double[] {c[0], c[2]}, new double[] {c[1], c[3]}, 400))
          .as(Arrays.toString(c)).isCloseTo(clark(c[0], c[1], c[2], c[3]), within(1e-6));
    }
    assertThat(clark(0, 1, 0, 1)).isCloseTo(1 / Math.sqrt(Math.PI), within(1e-12));
  }

  @Test
  void identicalNormalsMatchTheStandardFactorAndConstantsAreThemselves() {
    for (int n : new int[] {2, 16, 1024}) {
      double[] means = new double[n];
      double[] deviations = new double[n];
      Arrays.fill(means, 5);
      Arrays.fill(deviations, 0.2);
      assertThat(MaxFactor.expectedMaxOfNormals(means, deviations, 400)).as("n = %d", n)
          .isCloseTo(5 + 0.2 * MaxFactor.expectedMaxOfNormals(n), within(1e-6));
    }
    assertThat(MaxFactor.expectedMaxOfNormals(new double[] {1, 4, 2}, new double[] {0, 0, 0}, 2)).isEqualTo(4);
    // A constant far above a normal is the maximum; one far below changes nothing.
    assertThat(MaxFactor.expectedMaxOfNormals(new double[] {10, 0}, new double[] {0, 1}, 400))
        .isCloseTo(10, within(1e-9));
    assertThat(MaxFactor.expectedMaxOfNormals(new double[] {-10, 0}, new double[] {0, 1}, 400))
        .isCloseTo(0, within(1e-6));
  }

  @Test
  void badInputsAreNamed() {
    assertThatThrownBy(() -> MaxFactor.expectedMaxOfNormals(new double[] {1}, new double[] {-1}, 4))
        .hasMessageContaining("deviations[0]");
    assertThatThrownBy(() -> MaxFactor.expectedMaxOfNormals(new double[] {Double.NaN}, new double[] {1}, 4))
        .hasMessageContaining("means[0]");
    assertThatThrownBy(() -> MaxFactor.expectedMaxOfNormals(new double[] {1, 2}, new double[] {1}, 4))
        .hasMessageContaining("means");
    assertThatThrownBy(() -> MaxFactor.expectedMaxOfNormals(new double[] {1}, new double[] {1}, 3))
        .hasMessageContaining("intervals");
  }
}
