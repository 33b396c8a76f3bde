package org.amrbalance.mesh.grid;

/** Values prescribed on the physical boundary of the domain, at a point {@code (x, y)} of the boundary. */
@FunctionalInterface
public interface DirichletBoundary {
  double value(double x, double y);
}
