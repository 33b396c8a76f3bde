package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.amrbalance.experiments.scatter.ScatterClosedForms;
import org.amrbalance.experiments.Launcher;
import org.amrbalance.triggers.frequency.DeviationInterval;
import org.amrbalance.triggers.frequency.ExtremeDifferenceInterval;
import org.amrbalance.triggers.frequency.MaxFactor;
import org.amrbalance.experiments.models.MumExpectedLoss;
import org.amrbalance.experiments.models.MumModel;
import org.amrbalance.experiments.models.MumOptimalPolicy;
import org.amrbalance.experiments.models.RepartitionProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each reproduction on a tiny run count: the CSV's rows, columns and the values that must hold; the PNGs decode. */
class PaperReproductionsIT {
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  private List<Path> run(Reproduction r, Path dir) throws IOException {
    List<Path> files = r.run(dir, true, new PrintStream(progress, true, StandardCharsets.UTF_8));
    for (Path f : files) {
      assertThat(f).exists();
      if (f.toString().endsWith(".png")) {
        BufferedImage img = ImageIO.read(f.toFile());
        assertThat(img).as("%s decodes", f).isNotNull();
        assertThat(img.getWidth()).isEqualTo(800);
      }
    }
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains(r.name());
    return files;
  }

  private static long pngs(List<Path> files) {
    return files.stream().filter(f -> f.toString().endsWith(".png")).count();
  }

  @Test
  void figure3OptimumIsExactAndBeatsStopAtRiseByMoreAsCGrows(@TempDir Path dir) throws IOException {
    List<Path> files = run(new OptimumVersusStopAtRise(200, 200), dir);
    assertThat(pngs(files)).isEqualTo(2);
    Csv csv = Csv.read(dir.resolve("seed000-fig3.csv"));
    assertThat(csv.rows()).hasSize(OptimumVersusStopAtRise.COSTS.length);
    MumModel model = MumModel.of(3, 19, 0.5);
    for (int i = 0; i < csv.rows().size(); i++) {
      if (i % 4 == 0) { // the exact columns are the MDP's (three of the nine costs, to keep the test short)
        MumOptimalPolicy opt = MumOptimalPolicy.solve(model, 100, csv.number(i, "cost"));
        assertThat(csv.number(i, "optimal")).isCloseTo(opt.utilization(), offset(1e-6));
        assertThat(csv.number(i, "never")).isCloseTo(opt.neverUtilization(), offset(1e-6));
      }
      assertThat(csv.number(i, "optimal")).isGreaterThan(csv.number(i, "never"));
      assertThat(csv.number(i, "gap")).isGreaterThan(-4 * csv.number(i, "sar_se"));
    }
    int last = csv.rows().size() - 1;
    assertThat(csv.number(last, "gap")).isGreaterThan(csv.number(1, "gap") + 0.01);
  }

  @Test
  void figure4StopAtRiseSitsAtTheTopOfTheFixedIntervalCurve(@TempDir Path dir) throws IOException {
    List<Path> files = run(new StopAtRiseVersusFixed(30, 30), dir);
    assertThat(pngs(files)).isEqualTo(2);
    Csv curves = Csv.read(dir.resolve("seed000-fig4.csv"));
    assertThat(curves.rows()).hasSize(2 * (StopAtRiseVersusFixed.MAX_INTERVAL + 2));
    Csv summary = Csv.read(dir.resolve("seed000-fig4-summary.csv"));
    assertThat(summary.rows()).hasSize(2);
    int[] nHat = {4, 9};
    for (int i = 0; i < 2; i++) {
      String cost = summary.rows().get(i).get("cost");
      List<Map<String, String>> fixed = curves.where("cost", cost).stream()
          .filter(r -> r.get("policy").equals("fixed")).toList();
      double best = fixed.stream().mapToDouble(r -> Csv.number(r, "utilization")).max().orElseThrow();
      double sar = summary.number(i, "sar");
      assertThat(summary.number(i, "best_fixed")).isEqualTo(best);
      assertThat(sar).isGreaterThan(Csv.number(fixed.get(0), "utilization")) // m = 1
          .isGreaterThan(Csv.number(fixed.get(fixed.size() - 1), "utilization")) // m = 50
          .isGreaterThan(summary.number(i, "never") + 0.1)
          .isGreaterThan(best - 0.01);
      assertThat(summary.number(i, "sar_minus_best")).isCloseTo(sar - best, offset(1e-5));
      assertThat(summary.number(i, "exact_n_hat")).isEqualTo(nHat[i]);
    }
  }

  @Test
  void figure5StopAtRiseIsFarAboveNeverRemappingOnTheLdModel(@TempDir Path dir) throws IOException {
    List<Path> files = run(new LoadDependencyFigure(2, 2), dir);
    assertThat(pngs(files)).isEqualTo(2);
    Csv csv = Csv.read(dir.resolve("seed000-fig5.csv"));
    assertThat(csv.rows()).hasSize(2 * (LoadDependencyFigure.INTERVALS.length + 2));
    for (String cost : new String[] {"50.0", "100.0"}) {
      List<Map<String, String>> rows = csv.where("cost", cost);
      double sar = rows.stream().filter(r -> r.get("policy").equals("sar")).mapToDouble(r -> Csv.number(r,
          "utilization")).findFirst().orElseThrow();
      double never = rows.stream().filter(r -> r.get("policy").equals("never")).mapToDouble(r -> Csv.number(r,
          "utilization")).findFirst().orElseThrow();
      double bestFixed = rows.stream().filter(r -> r.get("policy").equals("fixed")).mapToDouble(r -> Csv.number(r,
          "utilization")).max().orElseThrow();
      assertThat(sar - never).isGreaterThan(0.25);
      assertThat(sar).isGreaterThan(bestFixed - 0.02);
    }
  }

  @Test
  void expectedWCurvesAreTheExactComputationWithItsMinimiser(@TempDir Path dir) throws IOException {
    List<Path> files = run(new ExpectedWCurves(), dir);
    assertThat(pngs(files)).isEqualTo(2);
    Csv csv = Csv.read(dir.resolve("seed000-ew.csv"));
    assertThat(csv.rows()).hasSize(5 * ExpectedWCurves.MAX_N);
    for (int i = 0; i < csv.rows().size(); i += 7) {
      int chains = (int) csv.number(i, "chains");
      double cost = csv.number(i, "cost");
      int n = (int) csv.number(i, "n");
      MumExpectedLoss e = MumExpectedLoss.identical(19, 0.5, chains);
      assertThat(csv.number(i, "expected_w")).isCloseTo(e.expectedW(n, cost), offset(1e-5 * e.expectedW(n, cost)));
      assertThat(csv.number(i, "eq17_approx")).isCloseTo(
          MumExpectedLoss.approximateExpectedW(chains, 0.5, n, cost, false), offset(1e-4));
      assertThat(csv.number(i, "n_hat")).isEqualTo(csv.number(i, "argmin")); // Theorem 5.1
    }
    // N = 8: n-hat non-decreasing in C (2, 8, 32), Theorem 5.1; N = 8, C = 8 gives 9 as in Figure 4.
    assertThat(csv.where("chains", "8").stream().filter(r -> r.get("n").equals("1"))
        .map(r -> r.get("cost") + ":" + r.get("n_hat"))).containsExactly("8.0:9", "2.0:4", "32.0:21");
  }

  @Test
  void seed001TablesPutTheComputedShareBesideThePrintedOne(@TempDir Path dir) throws IOException {
    List<Path> files = run(new RepartitionTables(40, 40), dir);
    assertThat(pngs(files)).isEqualTo(3);
    Csv csv = Csv.read(dir.resolve("seed001-tables.csv"));
    List<Map<String, String>> t3 = csv.where("table", "III");
    List<Map<String, String>> t4 = csv.where("table", "IV");
    assertThat(t3).hasSize(12);
    assertThat(t4).hasSize(11 * 6);
    // Table III, N = 50, G = 100: printed 95.5; the optimal gain is the recursion's.
    Map<String, String> cell = t3.stream().filter(r -> r.get("n").equals("50") && r.get("gain").equals("100.0"))
        .findFirst().orElseThrow();
    assertThat(Csv.number(cell, "printed")).isEqualTo(95.5);
    RepartitionProblem pr = RepartitionProblem.tableII(50, 100);
    assertThat(Csv.number(cell, "optimal_gain")).isCloseTo(pr.retainCost() - pr.optimal().cost(), offset(0.01));
    assertThat(Csv.number(cell, "percent_h")).isBetween(80.0, 100.5);
    // N = 10, G = 5 is degenerate (K >= N): no optimal gain, no %_H.
    Map<String, String> degenerate = t3.get(0);
    assertThat(degenerate.get("n") + "/" + degenerate.get("gain")).isEqualTo("10/5.0");
    assertThat(degenerate.get("percent_h")).isEqualTo("NaN");
    // Under the literal heuristic, floor(200/(f G)) >= N means it never repartitions: %_H is exactly 0.
    for (Map<String, String> r : t4) {
      double fg = Csv.number(r, "factor") * Csv.number(r, "gain");
      if (Math.floor(200 / fg) >= Csv.number(r, "n")) {
        assertThat(Csv.number(r, "percent_h")).as("%s", r).isZero();
      }
    }
    assertThat(t4.stream().filter(r -> r.get("n").equals("100") && r.get("gain").equals("50.0"))
        .map(r -> r.get("printed"))).containsExactly("53.1000", "50.5000", "86.9000", "95.2000", "96.4000",
            "96.1000");
  }

  @Test
  void seed003AnalyticColumnsEqualThePrintedOnesAndTheSimulationsRun(@TempDir Path dir) throws IOException {
    List<Path> files = run(new RemapFrequencyTables(30, 30), dir);
    assertThat(pngs(files)).isEqualTo(3);
    Csv t1 = Csv.read(dir.resolve("seed003-table1.csv"));
    assertThat(t1.rows()).hasSize(10);
    for (int i = 0; i < 10; i++) {
      double d = t1.number(i, "d");
      assertThat(t1.number(i, "t_free")).isEqualTo(t1.number(i, "t_free_printed")).isEqualTo(Math.floor(
          ExtremeDifferenceInterval.realInterval(64, MaxFactor.HARTLEY_DAVID, d, 100, 0, 0.5)));
      assertThat(t1.number(i, "t_normal")).isEqualTo(t1.number(i, "t_normal_printed"));
      assertThat(t1.number(i, "t_simu_first_passage")).isBetween(0.5 * t1.number(i, "t_simu_printed"),
          1.5 * t1.number(i, "t_simu_printed"));
    }
    Csv t3 = Csv.read(dir.resolve("seed003-table3.csv"));
    DeviationInterval dev = DeviationInterval.homogeneous(64, 0, 0.5);
    for (int i = 0; i < 10; i++) {
      assertThat(t3.number(i, "t_free")).isEqualTo(t3.number(i, "t_free_printed"))
          .isEqualTo(Math.floor(dev.realInterval(t3.number(i, "b"), 100)));
    }
    Csv t2 = Csv.read(dir.resolve("seed003-table2.csv"));
    assertThat(t2.rows()).hasSize(9);
    double[] mu = new double[64];
    java.util.Arrays.fill(mu, 0.5);
    assertThat(t2.number(4, "t_exp")).isEqualTo(ExtremeDifferenceInterval.exponentialInterval(0.05, 100, mu, 200));
    assertThat(t2.rows().get(8).get("t_exp")).isEqualTo("Infinity"); // D = 0.09 is never exceeded
  }

  @Test
  void seed004VarianceMatchesTheClosedFormsAndTheCounterexampleItsPrintedLoads(@TempDir Path dir)
      throws IOException {
    List<Path> files = run(new ScatterGranularity(100, 100), dir);
    assertThat(pngs(files)).isEqualTo(3);
    Csv v = Csv.read(dir.resolve("seed004-variance.csv"));
    assertThat(v.rows()).hasSize(3 * ScatterGranularity.CLUSTERS.length);
    for (int i = 0; i < v.rows().size(); i++) {
      assertThat(v.number(i, "mc_variance")).isCloseTo(v.number(i, "exact_variance_sampled_field"),
          offset(4 * v.number(i, "mc_variance_se")));
      // the continuous exact value and that of the 1024-cell field differ only by the discretization
      assertThat(v.number(i, "exact_variance")).isCloseTo(v.number(i, "exact_variance_sampled_field"),
          offset(1e-3 * v.number(i, "exact_variance")));
    }
    Map<String, String> elbow16 = v.where("clusters", "16").get(0);
    assertThat(elbow16.get("exact_source")).isEqualTo("Eq. 12");
    assertThat(Csv.number(elbow16, "exact_variance")).isCloseTo(ScatterClosedForms.elbowVariance(1, 4, 16, 4),
        offset(1e-5 * Csv.number(elbow16, "exact_variance")));
    assertThat(v.where("clusters", "4").get(0).get("exact_source")).isEqualTo("Eq. 5 by quadrature");
    Csv c = Csv.read(dir.resolve("seed004-counterexample.csv"));
    assertThat(c.rows()).hasSize(ScatterGranularity.COUNTEREXAMPLE_CLUSTERS.length);
    for (Map<String, String> r : c.rows()) {
      if (!r.get("printed_max").equals("NaN")) {
        assertThat(r.get("max_load_worst_b")).isEqualTo(r.get("printed_max"));
        assertThat(r.get("min_load_worst_b")).isEqualTo(r.get("printed_min"));
      }
    }
    assertThat(c.number(0, "max_load_worst_b")).isEqualTo(1099); // coarsest wins
  }

  @Test
  void everyReproductionIsListedByTheLauncherAndRunCountsAreChecked() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = Launcher.standard().run(new String[] {"reproduce", "--list"},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8));
    assertThat(status).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("seed000-fig3", "seed000-fig4", "seed000-fig5",
        "seed000-ew", "seed001-tables", "seed003-tables", "seed004", "seed002-ch3");
    assertThatThrownBy(() -> new OptimumVersusStopAtRise(1, 10)).hasMessageContaining("quickRuns = 1");
    assertThatThrownBy(() -> new ScatterGranularity(10, 0)).hasMessageContaining("fullSamples = 0");
  }
}
