package org.amrbalance.experiments.reproduce;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.experiments.models.MumModel;
import org.amrbalance.experiments.models.SarVersusFixed;

/**
 * Seed 000 Figure 4: on MUM with N = 8, L = 19, p = 0.5 over 400 steps, the utilization (mean of per-run ratios) of
 * remapping every m steps for m = 1..50, with Stop-At-Rise and never remapping as horizontal lines, for C = 2 and 8.
 * All policies replay the same paths (common random numbers, {@link SarVersusFixed}).
 */
public final class StopAtRiseVersusFixed extends SampledReproduction {
  static final double[] COSTS = {2, 8};
  static final int MAX_INTERVAL = 50;

  /** 500 paths per C in quick mode (the paper used 200), 2000 otherwise. */
  public StopAtRiseVersusFixed() {
    this(500, 2000);
  }

  /** With {@code quickRuns} and {@code fullRuns} paths per cost. */
  public StopAtRiseVersusFixed(int quickRuns, int fullRuns) {
    super(quickRuns, fullRuns);
  }

  @Override
  public String name() {
    return "seed000-fig4";
  }

  @Override
  public String description() {
    return "seed 000 Fig. 4: Stop-At-Rise vs fixed intervals m = 1..50, MUM N = 8, L = 19, p = 0.5, C = 2 and 8";
  }

  @Override
  public List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException {
    int runs = runs(quick);
    MumModel model = MumModel.of(8, 19, 0.5);
    Table curves = Table.withColumns("cost", "policy", "interval", "utilization");
    Table summary = Table.withColumns("cost", "runs", "sar", "sar_mean_interval", "best_fixed_m", "best_fixed",
        "sar_minus_best", "sar_minus_best_se", "never", "exact_n_hat");
    List<Path> files = new ArrayList<>();
    for (double c : COSTS) {
      progress.printf(Locale.ROOT, "seed000-fig4: C = %s, %d paths of 400 steps%n", c, runs);
      SarVersusFixed.Result r = SarVersusFixed.run(model, 400, c, runs, MAX_INTERVAL, 2026);
      double[] m = new double[MAX_INTERVAL];
      double[] u = new double[MAX_INTERVAL];
      for (int k = 1; k <= MAX_INTERVAL; k++) {
        m[k - 1] = k;
        u[k - 1] = r.fixedUtilization()[k];
        curves.add(c, "fixed", (double) k, u[k - 1]);
      }
      curves.add(c, "sar", r.sarMeanInterval(), r.sarUtilization());
      curves.add(c, "never", Double.NaN, r.neverUtilization());
      summary.add(c, runs, r.sarUtilization(), r.sarMeanInterval(), r.bestInterval(), r.bestFixedUtilization(),
          r.differenceMean(), r.differenceStandardError(), r.neverUtilization(), r.exactMinimiser());
      double[][] sarLine = Checks.level(1, MAX_INTERVAL, r.sarUtilization());
      double[][] neverLine = Checks.level(1, MAX_INTERVAL, r.neverUtilization());
      LinePlot plot = LinePlot.titled(String.format(Locale.ROOT,
              "Seed 000 Fig. 4: MUM N = 8, L = 19, p = 0.5, C = %.0f, %d paths", c, runs))
          .axes("steps between remaps m", "utilization (mean of per-run ratios)")
          .with("fixed interval m", m, u)
          .with(String.format(Locale.ROOT, "Stop-At-Rise (mean interval %.1f)", r.sarMeanInterval()), sarLine[0],
              sarLine[1])
          .with("never remap", neverLine[0], neverLine[1])
          .with("SAR at its mean interval", new double[] {r.sarMeanInterval()}, new double[] {r.sarUtilization()});
      files.add(ChapterThreeSweeps.write(plot, out.resolve(String.format(Locale.ROOT, "seed000-fig4-C%d.png",
          (int) c))));
    }
    Path csv = out.resolve("seed000-fig4.csv");
    curves.writeCsv(csv);
    Path sum = out.resolve("seed000-fig4-summary.csv");
    summary.writeCsv(sum);
    files.add(0, sum);
    files.add(0, csv);
    return files;
  }
}
