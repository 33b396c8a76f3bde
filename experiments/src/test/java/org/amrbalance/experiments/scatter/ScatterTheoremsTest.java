package org.amrbalance.experiments.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Theorems 1, 3 (exact part) and 4 of seed 004, computed exactly. */
class ScatterTheoremsTest {

  private static double modularVariance(Covariance cov, int n, int processors) {
    return ProcessorCovariance.modularVariance(ClusterCovariance.phis(cov, n), processors);
  }

  /** Theorem 1: under a convex covariance, halving every cluster never raises the processor variance. */
  @Test
  void finerGranularityNeverIncreasesTheVarianceUnderAConvexCovariance() {
    List<Covariance> convex = List.of(Covariance.exponential(1, 1), Covariance.exponential(1, 20),
        Covariance.exponential(3, 200), Covariance.elbow(1, 1), Covariance.elbow(1, 4), Covariance.elbow(1, 8.0 / 3),
        Covariance.elbow(1, 32), Covariance.linear(1, 0.5), Covariance.linear(1, 2));
    for (Covariance cov : convex) {
      assertThat(cov.convex()).isTrue();
      for (int processors : new int[] {2, 4, 8}) {
        double previous = modularVariance(cov, processors, processors);
        for (int n = 2 * processors; n <= processors << 8; n *= 2) {
          double v = modularVariance(cov, n, processors);
          assertThat(v).as("%s, P %d, n %d", cov, processors, n).isLessThanOrEqualTo(previous * (1 + 1e-12));
          previous = v;
        }
      }
    }
  }

  /** Without convexity Theorem 1 fails: a periodic covariance whose period matches the map gets worse. */
  @Test
  void aPeriodicCovarianceCanMakeFinerGranularityWorse() {
    Covariance cos = Covariance.cosine(1, 2);
    assertThat(cos.convex()).isFalse();
    assertThat(modularVariance(cos, 8, 4)).isGreaterThan(1.5 * modularVariance(cos, 4, 4));
  }

  /** Theorem 3's premise: from d0 on, the correlation of every processor pair rises with n. */
  @Test
  void processorCorrelationsRiseWithTheDegreeUnderTheElbow() {
    double alpha = 4;
    int processors = 4;
    int d0 = ScatterClosedForms.d0(1 / alpha, 2);
    for (int gap = 1; gap < processors; gap++) {
      double previous = -1;
      for (int d = d0; d <= d0 + 5; d++) {
        int n = 1 << d;
        double[] phi = ClusterCovariance.phis(Covariance.elbow(1, alpha), n);
        double rho = ProcessorCovariance.modularCovariance(phi, processors, gap)
            / ProcessorCovariance.modularVariance(phi, processors);
        assertThat(rho).isGreaterThan(previous).isLessThan(1);
        previous = rho;
      }
    }
  }

  /** Theorem 4: under a linear covariance no balanced map has a lower average variance than the modular one. */
  @Test
  void modularMappingMinimizesTheAverageVarianceUnderALinearCovariance() {
    Random random = new Random(2024);
    for (double alpha : new double[] {0.5, 1, 1.5, 2}) {
      int n = 32;
      int processors = 4;
      double[] phi = ClusterCovariance.phis(Covariance.linear(1, alpha), n);
      double modular = ProcessorCovariance.averageVariance(
          ProcessorCovariance.of(phi, ClusterMapping.modular(n, processors), processors));
      double block = ProcessorCovariance.averageVariance(
          ProcessorCovariance.of(phi, ClusterMapping.block(n, processors), processors));
      assertThat(modular).isLessThan(block);
      for (int trial = 0; trial < 200; trial++) {
        double other = ProcessorCovariance.averageVariance(ProcessorCovariance.of(phi,
            ClusterMapping.randomBalanced(n, processors, random), processors));
        assertThat(modular).isLessThanOrEqualTo(other * (1 + 1e-12));
      }
    }
  }

  /** Theorem 4's proof: no swap of the exchange procedure raises the summed variance; it ends at modular. */
  @Test
  void everyExchangeSwapLowersOrKeepsTheVarianceAndEndsModular() {
    Random random = new Random(7);
    for (double alpha : new double[] {0.5, 1, 2}) {
      int n = 24;
      int processors = 4;
      double[] phi = ClusterCovariance.phis(Covariance.linear(1, alpha), n);
      for (int trial = 0; trial < 30; trial++) {
        int[] start = trial == 0 ? ClusterMapping.block(n, processors)
            : ClusterMapping.randomBalanced(n, processors, random);
        java.util.List<int[]> steps = ModularExchange.steps(start, processors);
        assertThat(steps.get(steps.size() - 1)).containsExactly(ClusterMapping.modular(n, processors));
        double previous = Double.POSITIVE_INFINITY;
        for (int[] map : steps) {
          double v = ProcessorCovariance.averageVariance(ProcessorCovariance.of(phi, map, processors));
          assertThat(v).isLessThanOrEqualTo(previous * (1 + 1e-12));
          previous = v;
        }
      }
    }
  }
}
