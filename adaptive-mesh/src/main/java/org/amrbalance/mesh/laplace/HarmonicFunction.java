package org.amrbalance.mesh.laplace;

import org.amrbalance.mesh.grid.DirichletBoundary;

/** A harmonic function on the domain: the exact solution of a Laplace problem, and its boundary data. */
@FunctionalInterface
public interface HarmonicFunction extends DirichletBoundary {
  /** Alias of {@link #value}: the exact solution at {@code (x, y)}. */
  default double exact(double x, double y) {
    return value(x, y);
  }
}
