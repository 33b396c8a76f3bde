package org.amrbalance.experiments.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Theorem 5.2 of seed 000 (spec §10.2, §12 item 6): when a remap resets every chain to K, a fixed interval m is a
 * renewal process with expected loss Σ_{i≤m} E_i + C per interval, so the simulated ratio of expectations must equal
 * k·m·K/(k·m·K + k·Σ_{i≤m}E_i + (k−1)·C) over k intervals (no remap after the last step), and the best m is n̂.
 */
class FixedIntervalTheoremTest {

  @Test
  void resetRemapsMakeTheExactMinimiserTheBestFixedInterval() {
    MumModel model = MumModel.of(8, 19, 0.5);
    double c = 8;
    int steps = 360;
    MumExpectedLoss exact = MumExpectedLoss.of(model);
    int nHat = exact.minimiser(c, 1000).getAsInt();
    assertThat(nHat).isEqualTo(9);
    MumSimulator sim = MumSimulator.of(model, steps, c, MumSimulator.Remap.RESET_TO_MIDDLE);
    int[] ms = {4, 6, 8, 9, 10, 12, 15, 20};
    int runs = 1500;
    double[] sumAvg = new double[ms.length];
    double[] sumTotal = new double[ms.length];
    double[][] a = new double[ms.length][runs];
    double[][] t = new double[ms.length][runs];
    SplittableRandom master = new SplittableRandom(12);
    byte[] path = sim.newPath();
    for (int r = 0; r < runs; r++) {
      model.drawMoves(master.split(), steps, path);
      for (int i = 0; i < ms.length; i++) {
        RunResult res = sim.runFixed(path, ms[i]);
        a[i][r] = res.sumAverage();
        t[i][r] = res.totalTime();
        sumAvg[i] += a[i][r];
        sumTotal[i] += t[i][r];
      }
    }
    int bestSimulated = -1;
    double bestRatio = 0;
    int bestExact = -1;
    double bestExactRatio = 0;
    for (int i = 0; i < ms.length; i++) {
      int m = ms[i];
      int k = steps / m;
      double lossPerInterval = 0;
      for (int j = 1; j <= m; j++) {
        lossPerInterval += exact.loss(j);
      }
      double work = (double) k * m * model.middle();
      double expected = work / (work + k * lossPerInterval + (k - 1) * c);
      double ratio = sumAvg[i] / sumTotal[i];
      double ss = 0;
      for (int r = 0; r < runs; r++) {
        double d = a[i][r] - ratio * t[i][r];
        ss += d * d;
      }
      double se = Math.sqrt(ss / (runs - 1) / runs) / (sumTotal[i] / runs);
      assertThat(ratio).as("m = %d", m).isCloseTo(expected, offset(4 * se));
      if (ratio > bestRatio) {
        bestRatio = ratio;
        bestSimulated = m;
      }
      if (expected > bestExactRatio) {
        bestExactRatio = expected;
        bestExact = m;
      }
    }
    assertThat(bestExact).isEqualTo(nHat);
    assertThat(bestSimulated).isBetween(8, 10);
  }
}
