package org.amrbalance.experiments.scatter;

import java.util.Random;

/**
 * Owner maps of n clusters onto P processors (seed 004's assignment matrix, stored as {@code owner[i]}) and
 * the processor loads they give.
 */
public final class ClusterMapping {
  private ClusterMapping() {}

  /** Scatter: cluster i to processor i mod P. */
  public static int[] modular(int n, int processors) {
    check(n, processors);
    int[] owner = new int[n];
    for (int i = 0; i < n; i++) {
      owner[i] = i % processors;
    }
    return owner;
  }

  /** Contiguous blocks: cluster i to processor floor(i / (n/P)); P must divide n. */
  public static int[] block(int n, int processors) {
    check(n, processors);
    if (n % processors != 0) {
      throw new IllegalArgumentException("n = " + n + ": must be a multiple of processors = " + processors);
    }
    int[] owner = new int[n];
    for (int i = 0; i < n; i++) {
      owner[i] = i / (n / processors);
    }
    return owner;
  }

  /** A uniformly random balanced map (n/P clusters per processor); P must divide n. */
  public static int[] randomBalanced(int n, int processors, Random random) {
    int[] owner = modular(n, processors);
    if (n % processors != 0) {
      throw new IllegalArgumentException("n = " + n + ": must be a multiple of processors = " + processors);
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = owner[i];
      owner[i] = owner[j];
      owner[j] = t;
    }
    return owner;
  }

  /**
   * Processor loads when {@code cells.length} equal cells, each of work {@code cells[c] * cellWidth}, are
   * grouped into {@code clusters} equal consecutive clusters dealt modularly to {@code processors}.
   */
  public static double[] modularLoads(double[] cells, double cellWidth, int clusters, int processors) {
    check(clusters, processors);
    if (cells.length % clusters != 0) {
      throw new IllegalArgumentException("clusters = " + clusters + ": must divide the " + cells.length + " cells");
    }
    int perCluster = cells.length / clusters;
    double[] loads = new double[processors];
    for (int c = 0; c < cells.length; c++) {
      loads[(c / perCluster) % processors] += cells[c] * cellWidth;
    }
    return loads;
  }

  private static void check(int n, int processors) {
    if (processors < 1) {
      throw new IllegalArgumentException("processors = " + processors + ": must be >= 1");
    }
    if (n < processors) {
      throw new IllegalArgumentException("n = " + n + ": must be >= processors = " + processors);
    }
  }
}
