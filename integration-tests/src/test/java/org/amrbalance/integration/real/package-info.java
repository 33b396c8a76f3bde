/** Every balancer on the hierarchies written by Enzo, Chombo and AMReX. */
@ParametersAreNonnullByDefault
package org.amrbalance.integration.real;

import javax.annotation.ParametersAreNonnullByDefault;
