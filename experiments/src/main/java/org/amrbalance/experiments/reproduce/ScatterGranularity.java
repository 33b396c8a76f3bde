package org.amrbalance.experiments.reproduce;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.amrbalance.experiments.scatter.ClusterCovariance;
import org.amrbalance.experiments.scatter.PeriodicCounterexample;
import org.amrbalance.experiments.scatter.ProcessorCovariance;
import org.amrbalance.experiments.scatter.ScatterClosedForms;
import org.amrbalance.experiments.scatter.ScatterMonteCarlo;
import org.amrbalance.experiments.scatter.StationaryWorkload;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;

/**
 * Seed 004: the average processor variance of scatter (modular) decomposition as the number of clusters n grows,
 * on P = 4 processors and a 1024-cell Gaussian stationary workload (mean 10, variance 1) under the elbow (α = 4),
 * linear (α = 1.5) and exponential (λ = 12) covariances: Monte Carlo with standard errors beside the exact value
 * (Eq. 12 for the elbow from d0 on, the linear extension of Theorem 4, Eq. 5 by quadrature otherwise) and the exact
 * value of the sampled 1024-cell field; the expected maximum load; then the periodic counterexample's largest
 * processor load over all bases b beside the printed 1099, 2098 and 10090. The same setting as
 * {@code GranularitySweep}.
 */
public final class ScatterGranularity implements Reproduction {
  static final int PROCESSORS = 4;
  static final int CELLS = 1024;
  static final int[] CLUSTERS = {4, 8, 16, 32, 64, 128, 256};
  static final int[] COUNTEREXAMPLE_CLUSTERS = {10, 20, 40, 50, 100, 200, 500, 1000};
  static final String[] WORKLOADS = {"elbow(alpha=4)", "linear(alpha=1.5)", "exponential(lambda=12)"};
  private static final long SEED = 1;
  private final int quickSamples;
  private final int fullSamples;

  /** 2000 workload samples in quick mode, 8000 otherwise. */
  public ScatterGranularity() {
    this(2000, 8000);
  }

  /** With {@code quickSamples} and {@code fullSamples} workload samples. */
  public ScatterGranularity(int quickSamples, int fullSamples) {
    Checks.atLeast("quickSamples", quickSamples, 2);
    Checks.atLeast("fullSamples", fullSamples, 2);
    this.quickSamples = quickSamples;
    this.fullSamples = fullSamples;
  }

  @Override
  public String name() {
    return "seed004";
  }

  @Override
  public String description() {
    return "seed 004: processor variance vs granularity (closed form vs Monte Carlo), periodic counterexample";
  }

  static StationaryWorkload workload(int index) {
    return switch (index) {
      case 0 -> StationaryWorkload.elbow(10, 1, 4, CELLS);
      case 1 -> StationaryWorkload.linear(10, 1, 1.5, CELLS);
      default -> StationaryWorkload.exponential(10, 1, 12, CELLS);
    };
  }

  /** An exact average processor variance and the formula it comes from. */
  record Exact(double value, String source) {}

  /** The exact average processor variance at n clusters for workload {@code index}. */
  static Exact exactVariance(int index, int n) {
    if (index == 0 && n >= 1 << ScatterClosedForms.d0(0.25, 2)) {
      return new Exact(ScatterClosedForms.elbowVariance(1, 4, n, PROCESSORS), "Eq. 12");
    }
    if (index == 1) {
      return new Exact(ScatterClosedForms.linearVariance(1, 1.5, n, PROCESSORS), "Theorem 4 extension");
    }
    return new Exact(ProcessorCovariance.modularVariance(ClusterCovariance.phis(workload(index).covariance(), n),
        PROCESSORS), "Eq. 5 by quadrature");
  }

  @Override
  public List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException {
    int samples = quick ? quickSamples : fullSamples;
    Table table = Table.withColumns("workload", "clusters", "mc_variance", "mc_variance_se", "exact_variance",
        "exact_source", "exact_variance_sampled_field", "mc_expected_max", "mc_expected_max_se", "samples");
    double[] n = new double[CLUSTERS.length];
    for (int g = 0; g < CLUSTERS.length; g++) {
      n[g] = CLUSTERS[g];
    }
    LinePlot variance = LinePlot.titled(String.format(Locale.ROOT,
            "Seed 004: processor variance vs granularity, P = 4, %d samples", samples))
        .axes("clusters n", "average processor variance").logX(true).logY(true);
    LinePlot maxima = LinePlot.titled("Seed 004: expected maximum processor load (mean load 2.5)")
        .axes("clusters n", "E[max load] (Monte Carlo)").logX(true);
    for (int w = 0; w < WORKLOADS.length; w++) {
      progress.printf(Locale.ROOT, "seed004: %s, %d samples%n", WORKLOADS[w], samples);
      StationaryWorkload workload = workload(w);
      ScatterMonteCarlo.Result r = ScatterMonteCarlo.run(workload, PROCESSORS, CLUSTERS, samples, SEED);
      double[] mc = new double[CLUSTERS.length];
      double[] exact = new double[CLUSTERS.length];
      double[] max = new double[CLUSTERS.length];
      for (int g = 0; g < CLUSTERS.length; g++) {
        ScatterMonteCarlo.Row row = r.row(g);
        Exact e = exactVariance(w, CLUSTERS[g]);
        mc[g] = row.averageVariance().mean();
        exact[g] = e.value();
        max[g] = row.expectedMax().mean();
        table.add(WORKLOADS[w], CLUSTERS[g], mc[g], row.averageVariance().standardError(), exact[g], e.source(),
            ScatterMonteCarlo.discreteModularVariance(workload, CLUSTERS[g], PROCESSORS), max[g],
            row.expectedMax().standardError(), samples);
      }
      variance = variance.with(WORKLOADS[w] + " Monte Carlo", n, mc).with(WORKLOADS[w] + " exact", n, exact);
      maxima = maxima.with(WORKLOADS[w], n, max);
    }
    List<Path> files = new ArrayList<>();
    Path csv = out.resolve("seed004-variance.csv");
    table.writeCsv(csv);
    files.add(csv);
    files.add(ChapterThreeSweeps.write(variance, out.resolve("seed004-variance.png")));
    files.add(ChapterThreeSweeps.write(maxima, out.resolve("seed004-expected-max.png")));

    progress.println("seed004: periodic counterexample");
    Table counter = Table.withColumns("clusters", "max_load_worst_b", "max_load_best_b", "min_load_worst_b",
        "printed_max", "printed_min");
    double[] cx = new double[COUNTEREXAMPLE_CLUSTERS.length];
    double[] worst = new double[COUNTEREXAMPLE_CLUSTERS.length];
    double[] printedX = {10, 20, 1000};
    double[] printedMax = {1099, 2098, 10090};
    double[] printedMin = {1099, 100, 100};
    for (int i = 0; i < COUNTEREXAMPLE_CLUSTERS.length; i++) {
      int c = COUNTEREXAMPLE_CLUSTERS[i];
      double hi = 0;
      double lo = Double.MAX_VALUE;
      double minAtWorst = 0;
      for (int b = 0; b < 100; b++) {
        double[] loads = PeriodicCounterexample.loads(b, c);
        double max = 0;
        double min = Double.MAX_VALUE;
        for (double l : loads) {
          max = Math.max(max, l);
          min = Math.min(min, l);
        }
        if (max > hi) {
          hi = max;
          minAtWorst = min;
        }
        lo = Math.min(lo, max);
      }
      cx[i] = c;
      worst[i] = hi;
      int p = java.util.Arrays.binarySearch(printedX, c);
      counter.add(c, hi, lo, minAtWorst, p >= 0 ? printedMax[p] : Double.NaN, p >= 0 ? printedMin[p] : Double.NaN);
    }
    Path ccsv = out.resolve("seed004-counterexample.csv");
    counter.writeCsv(ccsv);
    files.add(ccsv);
    files.add(ChapterThreeSweeps.write(LinePlot.titled("Seed 004: periodic counterexample, 1000 points, 10 processors")
        .axes("equal subregions dealt modularly", "largest processor load (worst base b)").logX(true)
        .with("ours", cx, worst)
        // NaN between the printed values: three separate dots, not a line through granularities never printed
        .with("printed", new double[] {10, 15, 20, 100, 1000},
            new double[] {printedMax[0], Double.NaN, printedMax[1], Double.NaN, printedMax[2]}),
        out.resolve("seed004-counterexample.png")));
    return files;
  }
}
