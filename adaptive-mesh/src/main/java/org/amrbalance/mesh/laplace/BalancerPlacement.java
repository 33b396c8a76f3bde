package org.amrbalance.mesh.laplace;

import java.util.function.Supplier;
import javax.annotation.Nullable;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;

/** A balancer as the placement of a solver without a balancing service: it sees where the grids are now. */
final class BalancerPlacement implements GridPlacement {
  private final LoadBalancer balancer;
  private final Machine machine;
  private final Supplier<Assignment> current;

  BalancerPlacement(LoadBalancer balancer, Machine machine, Supplier<Assignment> current) {
    this.balancer = balancer;
    this.machine = machine;
    this.current = current;
  }

  @Override
  public Assignment place(Hierarchy next) {
    @Nullable Assignment previous = current.get();
    return balancer.balance(BalanceProblem.of(next, machine).withPrevious(previous));
  }
}
