package org.amrbalance.mesh.runtime;

import javax.annotation.Nullable;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Machine;

/**
 * What the run would have computed had it placed its grids once: the first placement kept, and at every regrid the
 * new grids placed where their data is, with no bound on a rank's load ({@link InheritingPlacement} with an infinite
 * tolerance), from that shadow placement instead of the run's. Per step it adds both placements' level-synchronous
 * makespans (per level the most loaded rank's modelled work, summed: a step waits for the slowest rank at each
 * level), and their ratio, step by step, prices the run's measured compute under placing once on its own grids.
 */
final class PlacedOnce {
  // Pure inheritance, as the benchmark's static runs: the bounded form (by default 1.05 x a level's average)
  // rebalances new grids.
  private final InheritingPlacement inherit = InheritingPlacement.withTolerance(Double.POSITIVE_INFINITY);
  @Nullable private Assignment placement;
  @Nullable private BalanceReport report;
  private double placedOnceSeconds;
  private double measuredSeconds;

  /** The step's grids and the run's assignment and report for them; {@code regridded}: the grids are new. */
  void step(Assignment current, BalanceReport dynamic, boolean regridded, Machine machine, double computeSeconds) {
    if (placement == null) {
      placement = current;
      report = dynamic;
    } else if (regridded || report == null) {
      BalanceProblem problem = BalanceProblem.of(current.hierarchy(), machine);
      placement = inherit.balance(problem.withPrevious(placement));
      report = BalanceReport.of(problem, placement);
    }
    double d = dynamic.levelSynchronousMakespan();
    if (d > 0 && !Double.isNaN(computeSeconds)) {
      // Per step: the works' unit changes when the host calibrates them (cells, then seconds).
      placedOnceSeconds += computeSeconds * report.levelSynchronousMakespan() / d;
      measuredSeconds += computeSeconds;
    }
  }

  /** The first placement of a run (or of a restart): the shadow starts from it. */
  void start(Assignment first) {
    placement = first;
    report = null;
  }

  /**
   * The measured compute of the steps so far (the slowest rank's sweeps) priced under placing once: each step's
   * times the ratio of the two placements' makespans; NaN before a measured step.
   */
  double ratio() {
    return measuredSeconds > 0 ? placedOnceSeconds / measuredSeconds : Double.NaN;
  }
}
