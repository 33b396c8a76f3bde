package org.amrbalance.experiments.models;

import org.amrbalance.triggers.RemapPolicies;
import java.util.SplittableRandom;
import org.amrbalance.experiments.plot.Json;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.StopAtRiseOptions;

/**
 * Seed 000's Figure 4 comparison on MUM: Stop-At-Rise against every fixed interval m = 1..maxM and never remapping,
 * each run replaying the same path of moves for every policy (common random numbers), so that the paired
 * difference SAR − best fixed has a small standard error (spec §12 item 8). Utilization is the mean over runs of the
 * per-run ratio; SAR's mean interval is the mean length of its completed intervals, pooled over runs.
 */
public final class SarVersusFixed {
  private SarVersusFixed() {}

  /** The outcome of one comparison. */
  public record Result(double cost, int runs, double[] fixedUtilization, int bestInterval, double sarUtilization,
      double neverUtilization, double differenceMean, double differenceStandardError, double sarMeanInterval,
      double sarMeanRemaps, int exactMinimiser) {

    /** Utilization of the best fixed interval. */
    public double bestFixedUtilization() {
      return fixedUtilization[bestInterval];
    }

    public String toJson() {
      return Json.line(Json.object().put("cost", cost).put("runs", runs)
          .put("sarUtilization", Json.fixed(sarUtilization, 6)).put("bestFixedInterval", bestInterval)
          .put("bestFixedUtilization", Json.fixed(bestFixedUtilization(), 6))
          .put("neverUtilization", Json.fixed(neverUtilization, 6))
          .put("sarMinusBestFixed", Json.fixed(differenceMean, 6))
          .put("standardError", Json.fixed(differenceStandardError, 6))
          .put("sarMeanInterval", Json.fixed(sarMeanInterval, 3)).put("sarMeanRemaps", Json.fixed(sarMeanRemaps, 3))
          .put("exactNHat", exactMinimiser));
    }
  }

  /**
   * Runs the comparison: {@code runs} paths of {@code steps} steps of {@code model}, remap cost C, path r drawn from
   * {@code new SplittableRandom(seed).split()} in order.
   */
  public static Result run(MumModel model, int steps, double cost, int runs, int maxM, long seed) {
    Checks.positive("runs", runs);
    Checks.check(runs >= 2, "runs", runs, "must be >= 2 for a standard error");
    Checks.positive("maxM", maxM);
    MumSimulator sim = MumSimulator.of(model, steps, cost);
    SplittableRandom master = new SplittableRandom(seed);
    byte[] path = sim.newPath();
    double[][] fixed = new double[maxM + 1][runs]; // index 0 = never
    double[] sar = new double[runs];
    long intervalSteps = 0;
    long intervals = 0;
    long remaps = 0;
    for (int r = 0; r < runs; r++) {
      model.drawMoves(master.split(), steps, path);
      for (int m = 0; m <= maxM; m++) {
        fixed[m][r] = sim.runFixed(path, m).utilization();
      }
      RunResult s = sim.run(path, RemapPolicies.stopAtRise(StopAtRiseOptions.defaults().initialCost(cost)));
      sar[r] = s.utilization();
      intervalSteps += s.completedIntervalSteps();
      intervals += s.completedIntervals();
      remaps += s.remaps();
    }
    double[] meanFixed = new double[maxM + 1];
    int best = 1;
    for (int m = 0; m <= maxM; m++) {
      meanFixed[m] = mean(fixed[m]);
      if (m >= 1 && meanFixed[m] > meanFixed[best]) {
        best = m;
      }
    }
    double[] diff = new double[runs];
    for (int r = 0; r < runs; r++) {
      diff[r] = sar[r] - fixed[best][r];
    }
    int nHat = MumExpectedLoss.of(model).minimiser(cost, 10 * steps).orElse(-1);
    return new Result(cost, runs, meanFixed, best, mean(sar), meanFixed[0], mean(diff), standardError(diff),
        intervals == 0 ? Double.NaN : (double) intervalSteps / intervals, (double) remaps / runs, nHat);
  }

  public static double mean(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    return s / x.length;
  }

  public static double standardError(double[] x) {
    double m = mean(x);
    double ss = 0;
    for (double v : x) {
      ss += (v - m) * (v - m);
    }
    return Math.sqrt(ss / (x.length - 1) / x.length);
  }

  /** The full-size comparison of the issue: N = 8, L = 19, p = 0.5, 400 steps, C = 2 and 8, 2000 runs, m = 1..50. */
  public static void main(String[] args) {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    MumModel model = MumModel.of(8, 19, 0.5);
    for (double c : new double[] {2, 8}) {
      System.out.println(run(model, 400, c, runs, 50, 2026).toJson());
    }
  }
}
