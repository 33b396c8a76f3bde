package org.amrbalance.experiments.advise;

import java.util.List;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.internal.Checks;

/**
 * What the service's placement between remaps ({@link InheritingPlacement}) does over a run's regrids when no remap
 * comes: the balancer places the first hierarchy, each later one is placed where its data is within the tolerance,
 * and the measures come from {@link BalanceReport} and {@link MigrationPlan} on each placement. The trade the
 * tolerance sets: a tight bound keeps every level near its average, a loose one moves fewer cells at a regrid.
 */
final class PlacementReplay {
  private PlacementReplay() {}

  /**
   * @param efficiency the level-synchronous efficiency of each hierarchy's placement, averaged over the series
   * @param movedShare the cells whose rank a regrid changed, over all the cells of the hierarchies after the first
   */
  record Result(int ranks, double tolerance, double efficiency, double movedShare) {}

  static Result replay(List<Hierarchy> series, LoadBalancer balancer, int ranks, double tolerance) {
    Checks.check(!series.isEmpty(), "series", series.size(), "must hold a hierarchy");
    Machine machine = Machine.fullyConnected(ranks);
    LoadBalancer inherit = InheritingPlacement.withTolerance(tolerance);
    Assignment placed = null;
    double efficiency = 0;
    long moved = 0;
    long cells = 0;
    for (Hierarchy h : series) {
      BalanceProblem problem = BalanceProblem.of(h, machine);
      if (placed == null) {
        placed = balancer.balance(problem);
      } else {
        Assignment next = inherit.balance(problem.withPrevious(placed));
        moved += MigrationPlan.between(placed, next).cells();
        cells += h.totalCells();
        placed = next;
      }
      efficiency += BalanceReport.of(problem, placed).levelSynchronousEfficiency();
    }
    return new Result(ranks, tolerance, efficiency / series.size(), cells == 0 ? 0 : (double) moved / cells);
  }
}
