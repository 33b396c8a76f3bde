package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class NonNegativeLeastSquaresTest {
  @Test
  void aNonNegativeSolutionIsFoundExactly() {
    double[][] a = {{1, 0}, {1, 1}};
    assertThat(NonNegativeLeastSquares.solve(a, new double[] {2, 5})).containsExactly(new double[] {2, 3},
        within(1e-12));
  }

  @Test
  void aNegativeComponentIsHeldAtZero() {
    // The plain solution is (4, −2); with x ≥ 0 the second unknown is 0, and the first fits the rows scaled to unit
    // norm, (x − 4)² + (x − 2)²/2, at x = 10/3.
    double[][] a = {{1, 0}, {1, 1}};
    double[] x = NonNegativeLeastSquares.solve(a, new double[] {4, 2});
    assertThat(x[1]).isZero();
    assertThat(x[0]).isCloseTo(10.0 / 3, within(1e-9));
  }
}
