/**
 * The message-passing view a host provides to the parallel forms of the balancers. They see only
 * {@link org.amrbalance.spi.parallel.Collectives}; the adaptive-mesh module implements it over MPJ
 * Express, and {@link org.amrbalance.spi.parallel.ThreadCollectives} runs ranks as threads for tests.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.spi.parallel;

import javax.annotation.ParametersAreNonnullByDefault;
