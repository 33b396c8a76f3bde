package org.amrbalance.experiments.sweep;

import java.util.List;
import org.amrbalance.experiments.plot.Table;

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

  /** The rows as a table (CSV or Markdown through {@link Table}), one column per field and the total. */
  public static Table table(List<SweepRow> rows) {
    Table t = Table.withColumns("experiment", "x_name", "x", "algorithm", "ranks", "commcost", "tavg", "minsize",
        "maxsize", "grids_per_processor", "computation", "communication", "total", "lower_bound");
    for (SweepRow r : rows) {
      t.add(r.experiment, r.xName, r.x, r.algorithm, r.ranks, r.commCost, r.tAvg, r.minSize, r.maxSize,
          r.gridsPerProcessor, r.computation, r.communication, r.total(), r.lowerBound);
    }
    return t;
  }
}
