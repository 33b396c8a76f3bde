/**
 * The Laplace example: red–black SOR on each level, curvature error estimation, the level-by-level loop
 * of the grid-indivisibility thesis (seed 002 §3.1), a harmonic hot-spot problem with a known exact
 * solution, its moving variant, and the host side of the SPI.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.mesh.laplace;

import javax.annotation.ParametersAreNonnullByDefault;
