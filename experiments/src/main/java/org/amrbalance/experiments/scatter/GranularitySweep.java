package org.amrbalance.experiments.scatter;

import java.util.Locale;

/**
 * Prints, as CSV, the seed 004 analysis over granularity: for elbow, linear and exponential workloads on
 * P = 4 processors, the Monte Carlo average processor variance and expected maximum load (with standard
 * errors) beside the exact value (closed form where the paper gives one, quadrature otherwise); then the
 * largest processor load of the periodic counterexample at several granularities (the worst base b).
 *
 * <p>Arguments (all optional): samples (default 4000), seed (default 1).
 */
public final class GranularitySweep {
  private GranularitySweep() {}

  public static void main(String[] args) {
    int samples = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
    long seed = args.length > 1 ? Long.parseLong(args[1]) : 1;
    int processors = 4;
    int cells = 1024;
    int[] clusters = {4, 8, 16, 32, 64, 128, 256};
    System.out.println("workload,clusters,mc_variance,mc_variance_se,exact_variance,exact_source,mc_expected_max,"
        + "mc_expected_max_se");
    StationaryWorkload[] workloads = {StationaryWorkload.elbow(10, 1, 4, cells),
        StationaryWorkload.linear(10, 1, 1.5, cells), StationaryWorkload.exponential(10, 1, 12, cells)};
    String[] names = {"elbow(alpha=4)", "linear(alpha=1.5)", "exponential(lambda=12)"};
    int d0 = ScatterClosedForms.d0(0.25, 2);
    for (int w = 0; w < workloads.length; w++) {
      ScatterMonteCarlo.Result r = ScatterMonteCarlo.run(workloads[w], processors, clusters, samples, seed);
      for (ScatterMonteCarlo.Row row : r.rows()) {
        int n = row.clusters();
        double exact;
        String source;
        if (w == 0 && n >= 1 << d0) {
          exact = ScatterClosedForms.elbowVariance(1, 4, n, processors);
          source = "Eq. 12";
        } else if (w == 1) {
          exact = ScatterClosedForms.linearVariance(1, 1.5, n, processors);
          source = "Theorem 4 extension";
        } else {
          exact = ProcessorCovariance.modularVariance(
              ClusterCovariance.phis(workloads[w].covariance(), n), processors);
          source = "Eq. 5 by quadrature";
        }
        System.out.printf(Locale.ROOT, "%s,%d,%.6g,%.2g,%.6g,%s,%.6g,%.2g%n", names[w], n,
            row.averageVariance().mean(), row.averageVariance().standardError(), exact, source,
            row.expectedMax().mean(), row.expectedMax().standardError());
      }
    }
    System.out.println();
    System.out.println("periodic_counterexample_clusters,worst_max_load,best_max_load");
    for (int n : new int[] {10, 20, 40, 50, 100, 200, 500, 1000}) {
      double worst = 0;
      double best = Double.MAX_VALUE;
      for (int b = 0; b < 100; b++) {
        double max = PeriodicCounterexample.maxLoad(b, n);
        worst = Math.max(worst, max);
        best = Math.min(best, max);
      }
      System.out.printf(Locale.ROOT, "%d,%.0f,%.0f%n", n, worst, best);
    }
  }
}
