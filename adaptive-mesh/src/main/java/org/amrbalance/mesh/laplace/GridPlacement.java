package org.amrbalance.mesh.laplace;

import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Hierarchy;

/**
 * Where the solver's grids go: the solver asks it for every hierarchy it builds (the initial one level by level, each
 * regrid level by level, a restart on another number of ranks) and installs the answer. In a run with a balancing
 * service this is the service's {@code place}; a solver on its own uses a balancer
 * ({@link LaplaceAmrBuilder#balancer}).
 */
@FunctionalInterface
public interface GridPlacement {
  /** An assignment of every patch of {@code next} to the solver's ranks. */
  Assignment place(Hierarchy next);
}
