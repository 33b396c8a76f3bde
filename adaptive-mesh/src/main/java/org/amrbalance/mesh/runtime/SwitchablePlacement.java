package org.amrbalance.mesh.runtime;

import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;

/**
 * The placement the solver uses while it builds levels: the configured balancer while the first hierarchy is
 * built (so the run starts balanced), then whatever {@link #use} sets (in a run, placing new grids where their
 * data is, and leaving the rest to the balancing service).
 */
final class SwitchablePlacement implements LoadBalancer {
  private LoadBalancer current;

  SwitchablePlacement(LoadBalancer first) {
    this.current = first;
  }

  void use(LoadBalancer next) {
    this.current = next;
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    return current.balance(problem);
  }
}
