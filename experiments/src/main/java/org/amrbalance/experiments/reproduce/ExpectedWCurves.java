package org.amrbalance.experiments.reproduce;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.experiments.models.MumExpectedLoss;

/**
 * Seed 000 Theorem 5.1 with Figures 2b and 6: the exact E[W(n)] = (Σ_{m≤n} E_m + C)/n on MUM (L = 19, p = 0.5) for
 * N = 2, 8, 32 at C = 8 (Figure 2b) and for C = 2, 8, 32 at N = 8, beside the corrected eq. (17) approximation
 * (Figure 6), with κ(n) and the minimiser n̂ = min{n : κ(n) ≥ C}. Exact and cheap: quick mode changes nothing.
 */
public final class ExpectedWCurves implements Reproduction {
  static final int MAX_N = 40;
  private static final int[][] CASES = {{2, 8}, {8, 8}, {32, 8}, {8, 2}, {8, 32}}; // {N, C}

  @Override
  public String name() {
    return "seed000-ew";
  }

  @Override
  public String description() {
    return "seed 000 Thm 5.1, Figs 2b and 6: exact E[W(n)] on MUM (L = 19, p = 0.5), its minimiser, eq. (17)";
  }

  @Override
  public List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException {
    Table table = Table.withColumns("chains", "cost", "n", "expected_w", "kappa", "eq17_approx", "n_hat",
        "argmin");
    LinePlot byN = LinePlot.titled("Seed 000 Fig. 2b: exact E[W(n)], L = 19, p = 0.5, C = 8")
        .axes("steps since the last remap n", "E[W(n)]");
    LinePlot byC = LinePlot.titled("Seed 000 Thm 5.1 / Fig. 6: E[W(n)], N = 8, L = 19, p = 0.5")
        .axes("steps since the last remap n", "E[W(n)]");
    for (int[] c : CASES) {
      int chains = c[0];
      double cost = c[1];
      MumExpectedLoss e = MumExpectedLoss.identical(19, 0.5, chains);
      int nHat = e.minimiser(cost, 10 * MAX_N).orElse(-1);
      int argmin = e.argminExpectedW(cost, 10 * MAX_N);
      double[] n = new double[MAX_N];
      double[] w = new double[MAX_N];
      double[] approx = new double[MAX_N];
      for (int k = 1; k <= MAX_N; k++) {
        n[k - 1] = k;
        w[k - 1] = e.expectedW(k, cost);
        approx[k - 1] = MumExpectedLoss.approximateExpectedW(chains, 0.5, k, cost, false);
        table.add(chains, cost, k, w[k - 1], e.kappa(k), approx[k - 1], nHat, argmin);
      }
      String label = String.format(Locale.ROOT, "N = %d, C = %s (n-hat = %d)", chains, cost, nHat);
      if (cost == 8) {
        byN = byN.with(label, n, w);
      }
      if (chains == 8) { // from n = 2: E[W(1)] = E_1 + C would squeeze the minima at large C
        double[] from2 = java.util.Arrays.copyOfRange(n, 1, MAX_N);
        byC = byC.with(label, from2, java.util.Arrays.copyOfRange(w, 1, MAX_N));
        byC = byC.with(String.format(Locale.ROOT, "eq. (17), N = 8, C = %s", cost), from2,
            java.util.Arrays.copyOfRange(approx, 1, MAX_N));
      }
    }
    List<Path> files = new ArrayList<>();
    Path csv = out.resolve("seed000-ew.csv");
    table.writeCsv(csv);
    files.add(csv);
    files.add(ChapterThreeSweeps.write(byN, out.resolve("seed000-fig2b-ew-by-n.png")));
    files.add(ChapterThreeSweeps.write(byC, out.resolve("seed000-fig6-ew-by-cost.png")));
    progress.println("seed000-ew: done");
    return files;
  }
}
