package org.amrbalance.experiments.scatter;

/**
 * The periodic workload of seed 004 §2.1 (spec §8): 1000 points on 10 processors; from a base b in
 * [0, 100), points b, b+100, ..., b+900 cost 1000 and every other point costs 1. Its period (100 points)
 * can align with the period of the modular map, so finer granularity can lose.
 */
public final class PeriodicCounterexample {
  /** Points in the domain. */
  public static final int POINTS = 1000;
  /** Processors. */
  public static final int PROCESSORS = 10;

  private PeriodicCounterexample() {}

  /** The cost of each point for base {@code b}. */
  public static double[] pointCosts(int b) {
    if (b < 0 || b >= 100) {
      throw new IllegalArgumentException("b = " + b + ": must be in [0, 100)");
    }
    double[] cost = new double[POINTS];
    for (int i = 0; i < POINTS; i++) {
      cost[i] = i % 100 == b ? 1000 : 1;
    }
    return cost;
  }

  /** Processor loads when the points are grouped into {@code clusters} equal subregions dealt modularly. */
  public static double[] loads(int b, int clusters) {
    return ClusterMapping.modularLoads(pointCosts(b), 1, clusters, PROCESSORS);
  }

  /** The finishing time: the largest processor load. */
  public static double maxLoad(int b, int clusters) {
    double max = 0;
    for (double l : loads(b, clusters)) {
      max = Math.max(max, l);
    }
    return max;
  }
}
