/** End-to-end tests of the communicator layer and the launcher on MPJ Express (multicore and niodev). */
@ParametersAreNonnullByDefault
package org.amrbalance.integration.mpi;

import javax.annotation.ParametersAreNonnullByDefault;
