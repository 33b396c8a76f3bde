/** The parallel forms of the balancers on real MPJ Express ranks. */
@ParametersAreNonnullByDefault
package org.amrbalance.integration.parallel;

import javax.annotation.ParametersAreNonnullByDefault;
