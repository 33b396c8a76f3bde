package org.amrbalance.experiments.sweep;

import java.util.Locale;

/**
 * One point of a §3.6 sweep: an experiment, its x value, an algorithm, and the costs summed over the
 * generations (spec §13.2): computation = Σ max load, communication = Σ max_a d COMMCOST M_a, total,
 * and the lower bound LB = Σ average load.
 */
public record SweepRow(String experiment, String xName, double x, String algorithm, int ranks, double commCost,
    double tAvg, int minSize, int maxSize, int gridsPerProcessor, double computation, double communication,
    double lowerBound) {

  public double total() {
    return computation + communication;
  }

  public static String csvHeader() {
    return "experiment,x_name,x,algorithm,ranks,commcost,tavg,minsize,maxsize,grids_per_processor,"
        + "computation,communication,total,lower_bound";
  }

  public String csv() {
    return String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%s,%s,%d,%d,%d,%.3f,%.3f,%.3f,%.3f", experiment, xName, x,
        algorithm, ranks, commCost, tAvg, minSize, maxSize, gridsPerProcessor, computation, communication, total(),
        lowerBound);
  }
}
