package org.amrbalance.experiments.scatter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Seed 004's closed forms (Eqs. 5, 6, 10 to 13 and the linear extension) against exact quadrature. */
class ClosedFormsTest {
  private static final double SIGMA2 = 2.5;

  @Test
  void elbowClusterCovarianceMatchesEquations10And11() {
    // alpha = 2^v / m_alpha: delta = 1, 1/2, 1/4 and 3/8.
    for (double alpha : new double[] {1, 2, 4, 8.0 / 3}) {
      Covariance cov = Covariance.elbow(SIGMA2, alpha);
      for (int n = 8; n <= 256; n *= 2) {
        double[] phi = ClusterCovariance.phis(cov, n);
        for (int k = 0; k < n; k++) {
          assertThat(phi[k]).as("alpha %s, n %d, k %d", alpha, n, k)
              .isCloseTo(ScatterClosedForms.elbowPhi(SIGMA2, alpha, k, n), within(1e-12 * phi[0]));
        }
      }
    }
  }

  @Test
  void d0IsTheLeastDegreeWithDeltaNAMultipleOfP() {
    assertThat(ScatterClosedForms.d0(0.25, 2)).isEqualTo(4);
    assertThat(ScatterClosedForms.d0(3.0 / 8, 1)).isEqualTo(4);
    assertThat(ScatterClosedForms.d0(1, 3)).isEqualTo(3);
    assertThat(ScatterClosedForms.d0(0.5, 0)).isEqualTo(1);
  }

  @Test
  void elbowProcessorVarianceAndCovarianceMatchEquations12And13FromD0On() {
    for (double alpha : new double[] {1, 2, 4, 8.0 / 3}) {
      for (int p = 1; p <= 3; p++) {
        int processors = 1 << p;
        int d0 = ScatterClosedForms.d0(1 / alpha, p);
        for (int d = Math.max(p, d0); d <= d0 + 3; d++) {
          int n = 1 << d;
          double[] phi = ClusterCovariance.phis(Covariance.elbow(SIGMA2, alpha), n);
          double exact = ProcessorCovariance.modularVariance(phi, processors);
          double printed = ScatterClosedForms.elbowVariancePrinted(SIGMA2, alpha, n, processors);
          assertThat(ScatterClosedForms.elbowVariance(SIGMA2, alpha, n, processors))
              .isCloseTo(printed, within(1e-14 * printed));
          assertThat(exact).as("alpha %s, P %d, n %d", alpha, processors, n).isCloseTo(printed, within(1e-12 * exact));
          double[][] s = ProcessorCovariance.of(phi, ClusterMapping.modular(n, processors), processors);
          assertThat(s[0][0]).isCloseTo(exact, within(1e-12 * exact));
          for (int gap = 1; gap < processors; gap++) {
            double eq13 = ScatterClosedForms.elbowCovariance(SIGMA2, alpha, n, processors, gap);
            assertThat(ProcessorCovariance.modularCovariance(phi, processors, gap)).isCloseTo(eq13, within(1e-12 * exact));
            assertThat(s[0][gap]).isCloseTo(eq13, within(1e-12 * exact));
          }
        }
      }
    }
  }

  @Test
  void equation12NeedsDAtLeastD0() {
    // delta = 3/8, P = 2: d0 = 4. At n = 8, delta n / P = 1.5 is not whole and Eq. 12 misses.
    double alpha = 8.0 / 3;
    double exact = ProcessorCovariance.modularVariance(ClusterCovariance.phis(Covariance.elbow(SIGMA2, alpha), 8), 2);
    assertThat(Math.abs(exact - ScatterClosedForms.elbowVariance(SIGMA2, alpha, 8, 2))).isGreaterThan(1e-6 * exact);
  }

  @Test
  void linearCovarianceMatchesTheTheorem4Extension() {
    for (double alpha : new double[] {0.25, 1, 1.5, 2}) {
      for (int processors : new int[] {2, 4, 8}) {
        for (int n = processors; n <= 128; n *= 2) {
          double[] phi = ClusterCovariance.phis(Covariance.linear(SIGMA2, alpha), n);
          double var = ScatterClosedForms.linearVariance(SIGMA2, alpha, n, processors);
          assertThat(ProcessorCovariance.modularVariance(phi, processors)).isCloseTo(var, within(1e-12 * SIGMA2));
          for (int gap = 1; gap < processors; gap++) {
            assertThat(ProcessorCovariance.modularCovariance(phi, processors, gap))
                .isCloseTo(ScatterClosedForms.linearCovariance(SIGMA2, alpha, n, processors, gap), within(1e-12 * SIGMA2));
          }
        }
      }
    }
  }

  @Test
  void conservationLawHoldsForEveryMap() {
    Random random = new Random(4);
    for (Covariance cov : new Covariance[] {Covariance.elbow(1, 4), Covariance.linear(1, 1.5),
        Covariance.exponential(1, 6)}) {
      int n = 64;
      double[] phi = ClusterCovariance.phis(cov, n);
      double totalVariance = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          totalVariance += phi[Math.abs(i - j)];
        }
      }
      for (int[] owner : new int[][] {ClusterMapping.modular(n, 8), ClusterMapping.block(n, 8),
          ClusterMapping.randomBalanced(n, 8, random), ClusterMapping.modular(n, 5)}) {
        double[][] s = ProcessorCovariance.of(phi, owner, 8);
        assertThat(ProcessorCovariance.total(s)).isCloseTo(totalVariance, within(1e-12 * totalVariance));
      }
    }
    // For the elbow the variance of the total work is sigma^2 (delta - delta^2/3).
    double[] phi = ClusterCovariance.phis(Covariance.elbow(1, 4), 32);
    double[][] s = ProcessorCovariance.of(phi, ClusterMapping.modular(32, 4), 4);
    assertThat(ProcessorCovariance.total(s)).isCloseTo(0.25 - 0.0625 / 3, within(1e-12));
  }
}
