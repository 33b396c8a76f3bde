package org.amrbalance.experiments.reproduce;

import org.amrbalance.spi.internal.Checks;

/** A reproduction that samples: it runs fewer paths or replications in quick mode than at the paper's size. */
abstract class SampledReproduction implements Reproduction {
  private final int quickRuns;
  private final int fullRuns;

  SampledReproduction(int quickRuns, int fullRuns) {
    Checks.atLeast("quickRuns", quickRuns, 2);
    Checks.atLeast("fullRuns", fullRuns, 2);
    this.quickRuns = quickRuns;
    this.fullRuns = fullRuns;
  }

  /** Paths, runs or replications for this mode. */
  final int runs(boolean quick) {
    return quick ? quickRuns : fullRuns;
  }
}
