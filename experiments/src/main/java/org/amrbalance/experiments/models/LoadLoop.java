package org.amrbalance.experiments.models;

import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.internal.Checks;

/**
 * The step loop of the comparison models whose state is one load per rank, the load being the rank's step time: the
 * policy is told every step's loads, and a remap it asks for after the step costs C and changes the loads as the
 * model says; a remap asked for after the final step is not carried out (as in {@link LdModel}).
 */
final class LoadLoop {
  private LoadLoop() {}

  /** One run's loads; fresh per run. */
  interface Path {
    /** Writes the ranks' loads of step {@code t} (from 0) into {@code loads}. */
    void loads(int t, double[] loads);

    /** A remap after step {@code t}. */
    void remap(int t);
  }

  static RunResult run(int ranks, int steps, double cost, Path path, RemapPolicy policy) {
    Checks.notNull("policy", policy);
    double[] loads = new double[ranks];
    double sumAvg = 0;
    double sumMax = 0;
    int remaps = 0;
    int since = 0;
    long intervalSteps = 0;
    for (int t = 0; t < steps; t++) {
      path.loads(t, loads);
      StepTimes times = StepTimes.of(loads);
      sumAvg += times.average();
      sumMax += times.max();
      since++;
      if (policy.onStep(times).shouldRemap() && t < steps - 1) {
        path.remap(t);
        policy.onRemap(cost);
        remaps++;
        intervalSteps += since;
        since = 0;
      }
    }
    return new RunResult(sumAvg, sumMax, remaps, cost, remaps, intervalSteps);
  }
}
