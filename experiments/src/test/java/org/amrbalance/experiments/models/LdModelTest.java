package org.amrbalance.experiments.models;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;

import org.amrbalance.triggers.StopAtRiseOptions;
import org.junit.jupiter.api.Test;

class LdModelTest {
  /** Figure 7a of seed 000 (the OCR's duplicated columns 9–16 dropped). */
  private static final double[][] FIGURE7 = {
      {1, 2, 4, 1, 1, 2, 9, 9},
      {1, 3, 2, 4, 2, 3, 9, 9},
      {4, 6, 4, 3, 9, 4, 8, 0},
      {3, 3, 3, 6, 2, 7, 4, 3},
      {1, 2, 4, 1, 1, 2, 4, 1},
      {7, 0, 8, 5, 4, 4, 5, 5},
      {5, 1, 1, 1, 0, 0, 2, 3},
      {9, 3, 2, 1, 8, 6, 2, 4}};

  @Test
  void binaryDissectionCutsWhereTheHalvesAreClosest() {
    int[][] region = new int[8][8];
    BinaryDissection.partition(FIGURE7, 1, region);
    double[] colSum = new double[8];
    double total = 0;
    for (double[] r : FIGURE7) {
      for (int c = 0; c < 8; c++) {
        colSum[c] += r[c];
        total += r[c];
      }
    }
    int cut = 0;
    while (region[0][cut + 1] == 0) {
      cut++;
    }
    double left = 0;
    for (int c = 0; c <= cut; c++) {
      left += colSum[c];
    }
    double best = Double.MAX_VALUE;
    double running = 0;
    for (int k = 0; k < 7; k++) {
      running += colSum[k];
      best = Math.min(best, Math.abs(running - (total - running)));
    }
    assertThat(Math.abs(left - (total - left))).isEqualTo(best);
    // Two levels: four rectangles (each a set of whole rows within its column half), all in use.
    BinaryDissection.partition(FIGURE7, 2, region);
    double[] load = new double[4];
    for (int r = 0; r < 8; r++) {
      for (int c = 0; c < 8; c++) {
        load[region[r][c]] += FIGURE7[r][c];
        assertThat(region[r][c] / 2).isEqualTo(c <= cut ? 0 : 1);
      }
    }
    for (double l : load) {
      assertThat(l).isBetween(total / 4 - 15, total / 4 + 15);
    }
    // A uniform 64 × 64 grid in 16 regions: 256 points each.
    double[][] uniform = new double[64][64];
    for (double[] r : uniform) {
      java.util.Arrays.fill(r, 1);
    }
    int[][] reg = new int[64][64];
    BinaryDissection.partition(uniform, 4, reg);
    int[] count = new int[16];
    for (int[] r : reg) {
      for (int v : r) {
        count[v]++;
      }
    }
    assertThat(count).containsOnly(256);
  }

  /** Figure 5: SAR close to (here above) the best fixed interval and far above never remapping; 10 paths of 200 steps. */
  @Test
  void sarMatchesTheBestFixedIntervalOnTheLoadDependencyModel() {
    LdModel ld = LdModel.figure5();
    int runs = 10;
    int steps = 200;
    for (double c : new double[] {50, 100}) {
      double best = 0;
      int bestM = 0;
      for (int m : new int[] {4, 6, 8, 10, 12, 15, 20, 30}) {
        double u = 0;
        for (int r = 0; r < runs; r++) {
          u += ld.runFixed(r, steps, c, m).utilization() / runs;
        }
        if (u > best) {
          best = u;
          bestM = m;
        }
      }
      double never = 0;
      double sar = 0;
      long intervals = 0;
      long intervalSteps = 0;
      for (int r = 0; r < runs; r++) {
        never += ld.runFixed(r, steps, c, 0).utilization() / runs;
        RunResult s = ld.run(r, steps, c, RemapPolicies.stopAtRise(StopAtRiseOptions.defaults().initialCost(c)));
        sar += s.utilization() / runs;
        intervals += s.completedIntervals();
        intervalSteps += s.completedIntervalSteps();
      }
      double interval = (double) intervalSteps / intervals;
      System.out.printf("LD Figure 5, C = %s: SAR %.4f (interval %.1f), best fixed m = %d %.4f, never %.4f%n", c, sar,
          interval, bestM, best, never);
      assertThat(sar).isGreaterThan(best - 0.005);
      assertThat(sar - never).isGreaterThan(0.25);
      assertThat(interval).isBetween(0.6 * bestM, 1.5 * bestM);
    }
  }
}
