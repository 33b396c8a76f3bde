package org.amrbalance.experiments.reproduce;

import org.amrbalance.triggers.RemapPolicies;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.triggers.StopAtRiseOptions;
import org.amrbalance.experiments.models.LdModel;
import org.amrbalance.experiments.models.RunResult;
import org.amrbalance.experiments.models.SarVersusFixed;

/**
 * Seed 000 Figure 5: the load-dependency model (64 x 64 activity points, 16 processors by binary dissection, moves
 * up 0.1, right 0.1, down 0.05, left 0.05), C = 50 and 100, Stop-At-Rise against fixed intervals and never
 * remapping. The step count is not printed (spec §14 item 1): 200 steps. Path r is seed r for every policy.
 */
public final class LoadDependencyFigure extends SampledReproduction {
  static final double[] COSTS = {50, 100};
  static final int[] INTERVALS = {2, 4, 6, 8, 10, 12, 15, 20, 25, 30, 40};
  private static final int STEPS = 200;

  /** 10 paths per point in quick mode, the paper's 50 otherwise. */
  public LoadDependencyFigure() {
    this(10, 50);
  }

  /** With {@code quickRuns} and {@code fullRuns} paths per point. */
  public LoadDependencyFigure(int quickRuns, int fullRuns) {
    super(quickRuns, fullRuns);
  }

  @Override
  public String name() {
    return "seed000-fig5";
  }

  @Override
  public String description() {
    return "seed 000 Fig. 5: Stop-At-Rise vs fixed intervals on the LD model, 64 x 64 points, N = 16, C = 50, 100";
  }

  @Override
  public List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException {
    int runs = runs(quick);
    LdModel ld = LdModel.figure5();
    Table table = Table.withColumns("cost", "policy", "interval", "utilization", "se", "runs");
    List<Path> files = new ArrayList<>();
    for (double c : COSTS) {
      double[] m = new double[INTERVALS.length];
      double[] u = new double[INTERVALS.length];
      for (int i = 0; i < INTERVALS.length; i++) {
        progress.printf(Locale.ROOT, "seed000-fig5: C = %s, fixed m = %d (%d paths)%n", c, INTERVALS[i], runs);
        double[] per = new double[runs];
        for (int r = 0; r < runs; r++) {
          per[r] = ld.runFixed(r, STEPS, c, INTERVALS[i]).utilization();
        }
        m[i] = INTERVALS[i];
        u[i] = SarVersusFixed.mean(per);
        table.add(c, "fixed", m[i], u[i], SarVersusFixed.standardError(per), runs);
      }
      progress.printf(Locale.ROOT, "seed000-fig5: C = %s, Stop-At-Rise and never%n", c);
      double[] sar = new double[runs];
      double[] never = new double[runs];
      long intervals = 0;
      long intervalSteps = 0;
      for (int r = 0; r < runs; r++) {
        never[r] = ld.runFixed(r, STEPS, c, 0).utilization();
        RunResult s = ld.run(r, STEPS, c, RemapPolicies.stopAtRise(StopAtRiseOptions.defaults().initialCost(c)));
        sar[r] = s.utilization();
        intervals += s.completedIntervals();
        intervalSteps += s.completedIntervalSteps();
      }
      double meanInterval = intervals == 0 ? Double.NaN : (double) intervalSteps / intervals;
      double sarU = SarVersusFixed.mean(sar);
      double neverU = SarVersusFixed.mean(never);
      table.add(c, "sar", meanInterval, sarU, SarVersusFixed.standardError(sar), runs);
      table.add(c, "never", Double.NaN, neverU, SarVersusFixed.standardError(never), runs);
      double last = INTERVALS[INTERVALS.length - 1];
      double[][] sarLine = Checks.level(INTERVALS[0], last, sarU);
      double[][] neverLine = Checks.level(INTERVALS[0], last, neverU);
      LinePlot plot = LinePlot.titled(String.format(Locale.ROOT,
              "Seed 000 Fig. 5: LD 64 x 64, N = 16, C = %.0f, %d paths of %d steps", c, runs, STEPS))
          .axes("steps between remaps m", "utilization (mean of per-run ratios)")
          .with("fixed interval m", m, u)
          .with(String.format(Locale.ROOT, "Stop-At-Rise (mean interval %.1f)", meanInterval), sarLine[0], sarLine[1])
          .with("never remap", neverLine[0], neverLine[1])
          .with("SAR at its mean interval", new double[] {meanInterval}, new double[] {sarU});
      files.add(ChapterThreeSweeps.write(plot, out.resolve(String.format(Locale.ROOT, "seed000-fig5-C%d.png",
          (int) c))));
    }
    Path csv = out.resolve("seed000-fig5.csv");
    table.writeCsv(csv);
    files.add(0, csv);
    return files;
  }
}
