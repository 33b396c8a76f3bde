/**
 * Scatter (modular) decomposition (seed 004): the level-0 domain cut into equal blocks, block {@code b} along
 * each axis dealt to processor-grid coordinate {@code b mod q}, grids cut along the block boundaries.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.balancers.scatter;

import javax.annotation.ParametersAreNonnullByDefault;
