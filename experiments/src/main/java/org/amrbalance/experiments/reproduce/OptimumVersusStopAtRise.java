package org.amrbalance.experiments.reproduce;

import org.amrbalance.triggers.RemapPolicies;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.triggers.StopAtRiseOptions;
import org.amrbalance.experiments.models.MumModel;
import org.amrbalance.experiments.models.MumOptimalPolicy;
import org.amrbalance.experiments.models.MumSimulator;
import org.amrbalance.experiments.models.RunResult;

/**
 * Seed 000 Figure 3: on MUM with N = 3, L = 19, p = 0.5 over 100 steps, the utilization (ratio of expectations) of
 * the optimal remapping policy, computed exactly by backward induction, against Stop-At-Rise, simulated, and never
 * remapping, as the remap cost C varies. The paper prints only the graph, so there is no printed column.
 */
public final class OptimumVersusStopAtRise extends SampledReproduction {
  static final double[] COSTS = {0.5, 1, 2, 4, 8, 16, 32, 64, 128};
  private static final int STEPS = 100;

  /** 2000 SAR paths per C in quick mode (the paper used 500), 8000 otherwise. */
  public OptimumVersusStopAtRise() {
    this(2000, 8000);
  }

  /** With {@code quickRuns} and {@code fullRuns} simulated SAR paths per cost. */
  public OptimumVersusStopAtRise(int quickRuns, int fullRuns) {
    super(quickRuns, fullRuns);
  }

  @Override
  public String name() {
    return "seed000-fig3";
  }

  @Override
  public String description() {
    return "seed 000 Fig. 3: exact MDP optimum vs Stop-At-Rise vs never, MUM N = 3, 100 steps, utilization vs C";
  }

  @Override
  public List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException {
    int runs = runs(quick);
    MumModel model = MumModel.of(3, 19, 0.5);
    Table table = Table.withColumns("cost", "optimal", "sar", "sar_se", "never", "gap", "sar_runs");
    double[] opt = new double[COSTS.length];
    double[] sar = new double[COSTS.length];
    double[] never = new double[COSTS.length];
    double[] gap = new double[COSTS.length];
    for (int i = 0; i < COSTS.length; i++) {
      double c = COSTS[i];
      progress.printf("seed000-fig3: C = %s (%d of %d)%n", c, i + 1, COSTS.length);
      MumOptimalPolicy policy = MumOptimalPolicy.solve(model, STEPS, c);
      double[] ratio = simulateStopAtRise(MumSimulator.of(model, STEPS, c), runs, 2026 + i);
      opt[i] = policy.utilization();
      sar[i] = ratio[0];
      never[i] = policy.neverUtilization();
      gap[i] = opt[i] - sar[i];
      table.add(c, opt[i], sar[i], ratio[1], never[i], gap[i], runs);
    }
    List<Path> files = new ArrayList<>();
    Path csv = out.resolve("seed000-fig3.csv");
    table.writeCsv(csv);
    files.add(csv);
    files.add(ChapterThreeSweeps.write(LinePlot.titled("Seed 000 Fig. 3: MUM N = 3, L = 19, p = 0.5, 100 steps")
        .axes("remap cost C", "utilization (ratio of expectations)").logX(true)
        .with("optimal (exact MDP)", COSTS, opt).with("Stop-At-Rise (" + runs + " paths)", COSTS, sar)
        .with("never remap", COSTS, never), out.resolve("seed000-fig3.png")));
    files.add(ChapterThreeSweeps.write(LinePlot.titled("Seed 000 Fig. 3: optimal minus Stop-At-Rise")
        .axes("remap cost C", "utilization gap").logX(true).with("optimal - SAR", COSTS, gap),
        out.resolve("seed000-fig3-gap.png")));
    return files;
  }

  /**
   * Stop-At-Rise's ratio-of-expectations utilization ΣE[T_avg]/ΣE[total] over {@code runs} paths and its
   * delta-method standard error; Figure 3 uses this estimator (spec §3) because the optimum is computed as one.
   */
  static double[] simulateStopAtRise(MumSimulator sim, int runs, long seed) {
    SplittableRandom master = new SplittableRandom(seed);
    byte[] path = sim.newPath();
    double[] a = new double[runs];
    double[] t = new double[runs];
    double sa = 0;
    double st = 0;
    for (int r = 0; r < runs; r++) {
      sim.model().drawMoves(master.split(), sim.steps(), path);
      RunResult res = sim.run(path, RemapPolicies.stopAtRise(StopAtRiseOptions.defaults().initialCost(sim.cost())));
      a[r] = res.sumAverage();
      t[r] = res.totalTime();
      sa += a[r];
      st += t[r];
    }
    double ratio = sa / st;
    double ss = 0;
    for (int r = 0; r < runs; r++) {
      double d = a[r] - ratio * t[r];
      ss += d * d;
    }
    return new double[] {ratio, Math.sqrt(ss / (runs - 1) / runs) / (st / runs)};
  }
}
