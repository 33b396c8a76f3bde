package org.amrbalance.mesh.laplace;

import org.amrbalance.mesh.grid.GridData;

/** Estimates the local error of a level's solution at one cell (ghost cells filled). */
@FunctionalInterface
public interface ErrorEstimator {
  double estimate(GridData u, int i, int j);
}
