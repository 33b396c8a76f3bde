package org.amrbalance.experiments.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

/** Seed 001: the optimal policy's structure, the heuristic's share of the optimal gain (Tables III and IV). */
class RepartitionProblemTest {

  @Test
  void optimalPolicyIsAThresholdThatStopsTestingAtN0() {
    for (int n : new int[] {10, 50, 100}) {
      for (double g : new double[] {5, 50, 100}) {
        RepartitionProblem pr = RepartitionProblem.tableII(n, g);
        RepartitionProblem.Optimal opt = pr.optimal(1024);
        long n0 = pr.firstUnprofitableStep();
        long k = (long) Math.floor(200 / g);
        for (int step = 1; step <= n; step++) {
          if (step >= n0) {
            assertThat(opt.threshold(step)).as("π_%d, N=%d G=%s", step, n, g).isEqualTo(1);
          } else {
            assertThat(opt.threshold(step)).isLessThan(1).isGreaterThan(0);
          }
          // Lemma 4 at p = 1: test and pay D + e_r per remaining interval, or retain to the end.
          double expected = step <= n - k ? 200 + (200 - g) * (n - step + 1) : 200.0 * (n - step + 1);
          assertThat(opt.valueAtOne(step)).isCloseTo(expected, offset(1e-6));
        }
      }
    }
    // N = 10, G = 5: K = 40 >= N, so the optimum is to always retain (the lost Table III cells).
    RepartitionProblem degenerate = RepartitionProblem.tableII(10, 5);
    assertThat(degenerate.optimal(1024).cost()).isCloseTo(degenerate.retainCost(), offset(1e-9));
  }

  @Test
  void recursionAgreesWithSimulatingItsThresholds() {
    for (double g : new double[] {50, 100}) {
      RepartitionProblem pr = RepartitionProblem.tableII(50, g);
      RepartitionProblem.Optimal opt = pr.optimal(1024);
      RepartitionProblem.Estimate mc = pr.simulateThresholds(opt, 20_000, 3);
      assertThat(opt.cost()).isCloseTo(mc.mean(), offset(4 * mc.standardError()));
      assertThat(opt.cost()).isLessThan(pr.retainCost());
    }
    // The 1024-segment limit changes little where it bites (N = 100, G = 50 grows past 1024 segments).
    RepartitionProblem pr = RepartitionProblem.tableII(100, 50);
    double limited = pr.optimal(1024).cost();
    double fine = pr.optimal(8192).cost();
    assertThat(Math.abs(limited - fine) / (pr.retainCost() - fine)).isLessThan(0.01);
  }

  private static double percentHeuristic(int n, double g, double factor, int runs) {
    RepartitionProblem pr = RepartitionProblem.tableII(n, g);
    double optimalGain = pr.retainCost() - pr.optimal(1024).cost();
    return 100 * pr.heuristicSaving(runs, 7, factor, 0, 0.8, 0.5).mean() / optimalGain;
  }

  /**
   * Table III (G known exactly), the cells the OCR preserves with a gain above 1% of the finishing time. Printed:
   * N = 50: 93.4, 95.5; N = 100: 95.1, 97.1; N = 1000: 99.5, 99.5 (G = 50, 100).
   */
  @Test
  void tableIIIHeuristicCapturesMostOfTheOptimalGain() {
    double[][] printed = {{93.4, 95.5}, {95.1, 97.1}, {99.5, 99.5}};
    int[] ns = {50, 100, 1000};
    double[] gs = {50, 100};
    for (int i = 0; i < ns.length; i++) {
      for (int j = 0; j < gs.length; j++) {
        double h = percentHeuristic(ns[i], gs[j], 1, ns[i] == 1000 ? 4000 : 20_000);
        System.out.printf("Table III, N = %d, G = %s: %%_H = %.1f (printed %.1f)%n", ns[i], gs[j], h, printed[i][j]);
        assertThat(h).isBetween(90.0, 100.5);
        assertThat(h).isCloseTo(printed[i][j], offset(5.0));
      }
    }
    assertThat(percentHeuristic(100, 50, 1, 20_000)).isCloseTo(95.1, offset(0.5));
  }

  /** Table IV's claim: as N grows the heuristic becomes insensitive to misestimating G. */
  @Test
  void tableIVMisestimationMattersLessAsNGrows() {
    double[] factors = {0.1, 10, 100, 1000};
    for (double g : new double[] {50, 100}) {
      double previousSpread = Double.MAX_VALUE;
      for (int n : new int[] {50, 100, 1000}) {
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        StringBuilder row = new StringBuilder();
        for (double f : factors) {
          double h = percentHeuristic(n, g, f, n == 1000 ? 2000 : 10_000);
          row.append(String.format(" %.1f", h));
          min = Math.min(min, h);
          max = Math.max(max, h);
          if (f >= 10) {
            assertThat(h).as("over-estimated G, N=%d G=%s f=%s", n, g, f).isGreaterThan(92.4);
          }
        }
        System.out.printf("Table IV, G = %s, N = %d, f = 0.1, 10, 100, 1000:%s%n", g, n, row);
        double spread = max - min;
        assertThat(spread).as("spread at N=%d G=%s", n, g).isLessThan(previousSpread);
        previousSpread = spread;
      }
      assertThat(previousSpread).isLessThan(1.0);
    }
    // Over-estimating a small gain with small N repartitions for nothing: negative %_H (G = 5, N = 50).
    assertThat(percentHeuristic(50, 5, 10, 10_000)).isNegative();
  }
}
