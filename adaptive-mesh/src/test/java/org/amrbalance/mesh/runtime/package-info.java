@ParametersAreNonnullByDefault
package org.amrbalance.mesh.runtime;

import javax.annotation.ParametersAreNonnullByDefault;
