package org.amrbalance.experiments.scatter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Monte Carlo estimates, as the granularity varies, of the average processor variance and the expected
 * maximum processor load under modular mapping (spec §9.3). Each sample of the workload is aggregated at
 * every cluster count, so granularities are compared with common random numbers; the mean load mu/P is
 * known, so the variance estimate is the plain sample mean of (1/P) sum_i (L_i - mu/P)^2, with its standard
 * error.
 */
public final class ScatterMonteCarlo {
  private ScatterMonteCarlo() {}

  /** A sample mean and its standard error. */
  public record Estimate(double mean, double standardError) {
    /** True if {@code value} lies within {@code k} standard errors of the mean. */
    public boolean agreesWith(double value, double k) {
      return Math.abs(value - mean) <= k * standardError;
    }
  }

  /**
   * The estimates at one cluster count n: the average processor variance, E[max_i L_i], and
   * E[max_i L_i - (1/P) sum_i L_i], the expected excess of the finishing time over the sample's mean load
   * (the same expectation minus mu/P, with far less noise).
   */
  public record Row(int clusters, Estimate averageVariance, Estimate expectedMax, Estimate expectedExcess) {}

  /** The rows, one per cluster count, and the per-sample maxima for paired comparisons. */
  public static final class Result {
    private final List<Row> rows;
    private final double[][] maxima;

    private Result(List<Row> rows, double[][] maxima) {
      this.rows = List.copyOf(rows);
      this.maxima = maxima;
    }

    public List<Row> rows() {
      return rows;
    }

    public Row row(int index) {
      return rows.get(index);
    }

    /** E[max at rows a] - E[max at rows b], estimated on the same samples (common random numbers). */
    public Estimate maxDifference(int a, int b) {
      double[] d = new double[maxima[a].length];
      for (int s = 0; s < d.length; s++) {
        d[s] = maxima[a][s] - maxima[b][s];
      }
      return estimate(d);
    }
  }

  /**
   * @param clusterCounts cluster counts n, each a multiple of {@code processors} dividing the workload's cells
   */
  public static Result run(StationaryWorkload workload, int processors, int[] clusterCounts, int samples,
      long seed) {
    if (samples < 2) {
      throw new IllegalArgumentException("samples = " + samples + ": must be >= 2");
    }
    for (int n : clusterCounts) {
      if (n % processors != 0 || workload.cells() % n != 0) {
        throw new IllegalArgumentException("clusterCounts = " + Arrays.toString(clusterCounts) + ": " + n
            + " must be a multiple of processors = " + processors + " and divide cells = " + workload.cells());
      }
    }
    Random random = new Random(seed);
    double[] cells = new double[workload.cells()];
    double cellWidth = 1.0 / workload.cells();
    double meanLoad = workload.mean() / processors;
    double[][] variances = new double[clusterCounts.length][samples];
    double[][] maxima = new double[clusterCounts.length][samples];
    double[][] excess = new double[clusterCounts.length][samples];
    for (int s = 0; s < samples; s++) {
      workload.sample(random, cells);
      for (int g = 0; g < clusterCounts.length; g++) {
        double[] loads = ClusterMapping.modularLoads(cells, cellWidth, clusterCounts[g], processors);
        double squares = 0;
        double sum = 0;
        double max = Double.NEGATIVE_INFINITY;
        for (double l : loads) {
          squares += (l - meanLoad) * (l - meanLoad);
          sum += l;
          max = Math.max(max, l);
        }
        variances[g][s] = squares / processors;
        maxima[g][s] = max;
        excess[g][s] = max - sum / processors;
      }
    }
    List<Row> rows = new ArrayList<>();
    for (int g = 0; g < clusterCounts.length; g++) {
      rows.add(new Row(clusterCounts[g], estimate(variances[g]), estimate(maxima[g]), estimate(excess[g])));
    }
    return new Result(rows, maxima);
  }

  /**
   * The exact average processor variance of the sampled (cell) field under modular mapping: the double sum of
   * Cov(|c - c'|/m)/m^2 over cells on the same processor. It differs from the continuous value by
   * O(sigma^2/m^2), the discretization the Monte Carlo estimate carries.
   */
  public static double discreteModularVariance(StationaryWorkload workload, int clusters, int processors) {
    int m = workload.cells();
    int perCluster = m / clusters;
    double[] cov = new double[m];
    for (int j = 0; j < m; j++) {
      cov[j] = workload.covariance().at((double) j / m);
    }
    double sum = 0;
    for (int c = 0; c < m; c++) {
      int owner = (c / perCluster) % processors;
      for (int e = 0; e < m; e++) {
        if ((e / perCluster) % processors == owner) {
          sum += cov[Math.abs(c - e)];
        }
      }
    }
    return sum / ((double) m * m) / processors;
  }

  static Estimate estimate(double[] values) {
    double mean = 0;
    for (double v : values) {
      mean += v;
    }
    mean /= values.length;
    double ss = 0;
    for (double v : values) {
      ss += (v - mean) * (v - mean);
    }
    return new Estimate(mean, Math.sqrt(ss / (values.length - 1) / values.length));
  }
}
