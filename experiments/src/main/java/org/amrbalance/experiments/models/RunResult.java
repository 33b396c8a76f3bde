package org.amrbalance.experiments.models;

import org.amrbalance.spi.internal.Checks;

/**
 * What one simulated run of a remap policy produced (seed 000 §3): the sums of T_avg and T_max over the steps, the
 * number of remaps and their cost, and the completed intervals (those ended by a remap).
 */
public record RunResult(double sumAverage, double sumMax, int remaps, double remapCost, int completedIntervals,
    long completedIntervalSteps) {

  public RunResult {
    Checks.finiteNonNegative("sumAverage", sumAverage);
    Checks.finiteNonNegative("sumMax", sumMax);
    Checks.check(remaps >= 0, "remaps", remaps, "must be >= 0");
    Checks.finiteNonNegative("remapCost", remapCost);
  }

  /** Total run time: Σ T_max + C · remaps. */
  public double totalTime() {
    return sumMax + remapCost * remaps;
  }

  /** Processor utilization of the run: Σ T_avg / (Σ T_max + C · remaps). */
  public double utilization() {
    return sumAverage / totalTime();
  }
}
