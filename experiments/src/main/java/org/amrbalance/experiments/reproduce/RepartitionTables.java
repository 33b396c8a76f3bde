package org.amrbalance.experiments.reproduce;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.experiments.models.RepartitionProblem;

/**
 * Seed 001 Tables III and IV: %_H = 100 (Cost_retain − Cost_H)/(Cost_retain − Cost_opt), the share of the optimal
 * policy's saving the threshold heuristic captures, under the Table II parameters, for the gain G known exactly
 * (Table III) and mis-estimated as f·G (Table IV). The optimum is the recursion of spec §9 with a bounded error (at
 * most {@link RepartitionProblem#DEFAULT_ERROR_BUDGET}, reported per cell) instead of the paper's 1024-segment limit,
 * whose optimum is too low once the limit bites; the heuristic is simulated with p_e mid-bracket, ρ = 0.8 and no cost
 * for estimating G (spec §12: report the value used).
 */
public final class RepartitionTables extends SampledReproduction {
  static final int[] NS = {10, 50, 100, 1000};
  static final double[] GAINS = {5, 50, 100};
  static final double[] FACTORS = {1e-3, 1e-2, 1e-1, 10, 100, 1000};
  /** Table III's printed %_H, [N index][G index]; NaN where the OCR lost it. */
  static final double[][] PRINTED_III = {
      {Double.NaN, Double.NaN, Double.NaN}, {54.8, 93.4, 95.5}, {82.9, 95.1, 97.1}, {98.3, 99.5, 99.5}};
  /** Table IV's printed rows: G, N, then %_H for each factor. */
  static final double[][] PRINTED_IV = {
      {50, 10, -7.1, -16.7, -19.4, 44.5, 48.3, 44.1}, {100, 10, 5.2, -3.5, 0, 77.0, 77.1, 74.3},
      {5, 50, 35.2, 35.1, 34.6, -67.1, -97.7, -108.2}, {50, 50, 10.0, 23.1, 33.8, 93.9, 94.2, 92.4},
      {100, 50, 14.1, 27.0, 82.0, 95.6, 96.4, 95.1}, {5, 100, 11.4, 21.7, 22.3, 49.6, 42.9, 42.6},
      {50, 100, 53.1, 50.5, 86.9, 95.2, 96.4, 96.1}, {100, 100, 55.7, 53.2, 95.7, 97.2, 97.5, 97.6},
      {5, 1000, 92.7, 92.6, 95.3, 98.4, 98.3, 98.4}, {50, 1000, 94.8, 98.0, 99.6, 99.7, 99.7, 99.7},
      {100, 1000, 95.2, 99.2, 99.6, 99.7, 99.7, 99.7}};
  private static final long SEED = 7;

  /** 5000 simulated runs per cell in quick mode, 20000 otherwise (a fifth of that at N = 1000). */
  public RepartitionTables() {
    this(5000, 20_000);
  }

  /** With {@code quickRuns} and {@code fullRuns} heuristic runs per cell (a fifth, at least 2, at N = 1000). */
  public RepartitionTables(int quickRuns, int fullRuns) {
    super(quickRuns, fullRuns);
  }

  @Override
  public String name() {
    return "seed001-tables";
  }

  @Override
  public String description() {
    return "seed 001 Tables III and IV: heuristic's share %_H of the optimal gain, G exact and mis-estimated";
  }

  @Override
  public List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException {
    int runs = runs(quick);
    Map<String, RepartitionProblem.Optimal> optima = new HashMap<>();
    Table table = Table.withColumns("table", "gain", "n", "factor", "percent_h", "percent_h_se", "printed",
        "optimal_gain", "optimal_gain_error", "retain_cost", "runs");
    double[][] ours3 = new double[GAINS.length][NS.length];
    double[][] printed3 = new double[GAINS.length][NS.length];
    for (int i = 0; i < NS.length; i++) {
      for (int j = 0; j < GAINS.length; j++) {
        progress.printf(Locale.ROOT, "seed001-tables: Table III, N = %d, G = %s%n", NS[i], GAINS[j]);
        double[] h = cell(NS[i], GAINS[j], 1, runs, optima, table, "III", PRINTED_III[i][j]);
        ours3[j][i] = h[0];
        printed3[j][i] = PRINTED_III[i][j];
      }
    }
    double[][] ours4 = new double[PRINTED_IV.length][FACTORS.length];
    for (int row = 0; row < PRINTED_IV.length; row++) {
      int n = (int) PRINTED_IV[row][1];
      double g = PRINTED_IV[row][0];
      progress.printf(Locale.ROOT, "seed001-tables: Table IV, G = %s, N = %d (%d of %d)%n", g, n, row + 1,
          PRINTED_IV.length);
      for (int k = 0; k < FACTORS.length; k++) {
        ours4[row][k] = cell(n, g, FACTORS[k], runs, optima, table, "IV", PRINTED_IV[row][2 + k])[0];
      }
    }
    List<Path> files = new ArrayList<>();
    Path csv = out.resolve("seed001-tables.csv");
    table.writeCsv(csv);
    files.add(csv);

    double[] ns = new double[NS.length];
    for (int i = 0; i < NS.length; i++) {
      ns[i] = NS[i];
    }
    LinePlot t3 = LinePlot.titled("Seed 001 Table III: %_H with G known exactly").axes("decision steps N", "%_H")
        .logX(true);
    for (int j = 0; j < GAINS.length; j++) {
      t3 = t3.with(String.format(Locale.ROOT, "G = %.0f ours", GAINS[j]), ns, ours3[j])
          .with(String.format(Locale.ROOT, "G = %.0f printed", GAINS[j]), ns, printed3[j]);
    }
    files.add(ChapterThreeSweeps.write(t3, out.resolve("seed001-table3.png")));
    for (double g : new double[] {50, 100}) {
      LinePlot t4 = LinePlot.titled(String.format(Locale.ROOT, "Seed 001 Table IV: %%_H with G = %.0f estimated as f G",
          g)).axes("mis-estimation factor f", "%_H").logX(true);
      for (int row = 0; row < PRINTED_IV.length; row++) {
        if (PRINTED_IV[row][0] == g) {
          double[] printed = java.util.Arrays.copyOfRange(PRINTED_IV[row], 2, 2 + FACTORS.length);
          t4 = t4.with(String.format(Locale.ROOT, "N = %.0f ours", PRINTED_IV[row][1]), FACTORS, ours4[row])
              .with(String.format(Locale.ROOT, "N = %.0f printed", PRINTED_IV[row][1]), FACTORS, printed);
        }
      }
      files.add(ChapterThreeSweeps.write(t4, out.resolve(String.format(Locale.ROOT, "seed001-table4-G%.0f.png",
          g))));
    }
    return files;
  }

  /**
   * Computes one %_H cell, adds its row, returns {%_H, s.e.}; NaN where the optimal gain is zero (K ≥ N). The exact
   * optimal gain lies in [optimal_gain − optimal_gain_error, optimal_gain].
   */
  private static double[] cell(int n, double g, double factor, int runs,
      Map<String, RepartitionProblem.Optimal> optima, Table table, String which, double printed) {
    RepartitionProblem pr = RepartitionProblem.tableII(n, g);
    RepartitionProblem.Optimal opt = optima.computeIfAbsent(n + "/" + g, k -> pr.optimal());
    double optimal = pr.retainCost() - opt.cost();
    int r = n >= 1000 ? Math.max(2, runs / 5) : runs;
    double h = Double.NaN;
    double se = Double.NaN;
    if (optimal > 1e-9 * pr.retainCost()) {
      RepartitionProblem.Estimate e = pr.heuristicSaving(r, SEED, factor, 0, 0.8, 0.5);
      h = 100 * e.mean() / optimal;
      se = 100 * e.standardError() / optimal;
    }
    table.add(which, g, n, factor, h, se, printed, optimal, opt.errorBound(), pr.retainCost(), r);
    return new double[] {h, se};
  }
}
