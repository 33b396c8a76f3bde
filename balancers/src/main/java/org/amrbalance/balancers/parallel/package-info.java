/**
 * The collective operations that the parallel forms of the balancers run on. The balancers see only
 * {@link org.amrbalance.balancers.parallel.Collectives}; the adaptive-mesh module implements it over MPJ
 * Express, and {@link org.amrbalance.balancers.parallel.ThreadCollectives} runs ranks as threads for tests.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.balancers.parallel;

import javax.annotation.ParametersAreNonnullByDefault;
