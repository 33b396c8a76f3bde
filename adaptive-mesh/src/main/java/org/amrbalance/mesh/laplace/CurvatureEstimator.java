package org.amrbalance.mesh.laplace;

import org.amrbalance.mesh.grid.GridData;

/**
 * The curvature estimator: the larger undivided second difference, {@code max(|u[i-1] - 2u[i] + u[i+1]|)}
 * over both axes, which is {@code h^2 |u''|} to leading order: the error of representing (and interpolating)
 * the solution linearly on this level. (Spec grid-indivisibility §2.1 step 4 does not say how errors are
 * estimated; this estimator is the choice made here.) The same threshold on every level refines where
 * {@code |u''| > threshold / h_l^2}, so finer levels nest inside coarser ones by themselves.
 */
public final class CurvatureEstimator implements ErrorEstimator {
  @Override
  public double estimate(GridData u, int i, int j) {
    double c = u.get(i, j);
    double xx = Math.abs(u.get(i - 1, j) - 2 * c + u.get(i + 1, j));
    double yy = Math.abs(u.get(i, j - 1) - 2 * c + u.get(i, j + 1));
    return Math.max(xx, yy);
  }
}
