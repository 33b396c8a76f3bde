package org.amrbalance.experiments.models;

import java.util.SplittableRandom;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.internal.Checks;

/**
 * Seed 000's load-dependency model (LD, spec §7): work units of weight 1 on a rows × cols grid of activity points,
 * one per point at the start, each moving independently every step up, right, down or left with the given
 * probabilities; a processor's step time is the number of units on its rectangle of binary dissection, and a remap
 * re-dissects on the current weights. Choices the paper leaves open (spec §11): a move that would leave the grid is
 * blocked (the unit stays), units move independently, unit weight 1, and "50 sample points" read as 50 paths.
 * Row 0 is the bottom row, so "up" increases the row index. The start is dissected on the initial weights, without
 * paying C; a remap asked for after the final step is not carried out.
 */
@Immutable
public final class LdModel {
  private final int rows;
  private final int cols;
  private final int levels;
  private final double up;
  private final double right;
  private final double down;
  private final double left;

  private LdModel(int rows, int cols, int levels, double up, double right, double down, double left) {
    this.rows = rows;
    this.cols = cols;
    this.levels = levels;
    this.up = up;
    this.right = right;
    this.down = down;
    this.left = left;
  }

  /** A rows × cols grid dissected for 2^levels processors, with the four move probabilities (sum ≤ 1). */
  public static LdModel of(int rows, int cols, int levels, double up, double right, double down, double left) {
    Checks.positive("rows", rows);
    Checks.positive("cols", cols);
    Checks.check(levels >= 0 && (1L << levels) <= (long) rows * cols, "levels", levels,
        "2^levels must not exceed the number of activity points");
    Checks.probability("up", up);
    Checks.probability("right", right);
    Checks.probability("down", down);
    Checks.probability("left", left);
    Checks.check(up + right + down + left <= 1, "up + right + down + left", up + right + down + left,
        "must be <= 1");
    return new LdModel(rows, cols, levels, up, right, down, left);
  }

  /** Figure 5: 64 × 64 points, N = 16, moves up 0.1, right 0.1, down 0.05, left 0.05. */
  public static LdModel figure5() {
    return of(64, 64, 4, 0.1, 0.1, 0.05, 0.05);
  }

  public int processors() {
    return 1 << levels;
  }

  /** Runs {@code policy} for {@code steps} steps from the seed's path; remaps cost C. */
  public RunResult run(long seed, int steps, double cost, RemapPolicy policy) {
    return simulate(seed, steps, cost, policy, 0);
  }

  /** Remap after steps m, 2m, … (m = 0: never). */
  public RunResult runFixed(long seed, int steps, double cost, int m) {
    Checks.check(m >= 0, "m", m, "must be >= 0 (0 = never)");
    return simulate(seed, steps, cost, null, m);
  }

  private RunResult simulate(long seed, int steps, double cost, RemapPolicy policy, int m) {
    Checks.positive("steps", steps);
    Checks.finiteNonNegative("cost", cost);
    SplittableRandom rng = new SplittableRandom(seed);
    int units = rows * cols;
    int[] row = new int[units];
    int[] col = new int[units];
    for (int u = 0; u < units; u++) {
      row[u] = u / cols;
      col[u] = u % cols;
    }
    int n = processors();
    int[][] region = new int[rows][cols];
    double[][] weight = new double[rows][cols];
    dissect(row, col, weight, region);
    double[] times = new double[n];
    double sumAvg = 0;
    double sumMax = 0;
    int remaps = 0;
    int since = 0;
    long intervalSteps = 0;
    double cUp = up;
    double cRight = cUp + right;
    double cDown = cRight + down;
    double cLeft = cDown + left;
    for (int t = 0; t < steps; t++) {
      for (int u = 0; u < units; u++) {
        double x = rng.nextDouble();
        if (x < cUp) {
          if (row[u] < rows - 1) {
            row[u]++;
          }
        } else if (x < cRight) {
          if (col[u] < cols - 1) {
            col[u]++;
          }
        } else if (x < cDown) {
          if (row[u] > 0) {
            row[u]--;
          }
        } else if (x < cLeft && col[u] > 0) {
          col[u]--;
        }
      }
      java.util.Arrays.fill(times, 0);
      for (int u = 0; u < units; u++) {
        times[region[row[u]][col[u]]]++;
      }
      double max = 0;
      for (double v : times) {
        max = Math.max(max, v);
      }
      sumMax += max;
      sumAvg += (double) units / n;
      since++;
      boolean remap;
      if (policy != null) {
        RemapDecision d = policy.onStep(StepTimes.of(times));
        remap = d.shouldRemap();
      } else {
        remap = m > 0 && since == m;
      }
      if (remap && t < steps - 1) {
        dissect(row, col, weight, region);
        if (policy != null) {
          policy.onRemap(cost);
        }
        remaps++;
        intervalSteps += since;
        since = 0;
      }
    }
    return new RunResult(sumAvg, sumMax, remaps, cost, remaps, intervalSteps);
  }

  private void dissect(int[] row, int[] col, double[][] weight, int[][] region) {
    for (double[] r : weight) {
      java.util.Arrays.fill(r, 0);
    }
    for (int u = 0; u < row.length; u++) {
      weight[row[u]][col[u]]++;
    }
    BinaryDissection.partition(weight, levels, region);
  }
}
