/**
 * End-to-end tests of the distributed runtime on MPJ Express: the moving Laplace example on several ranks
 * against the one-rank solution, migration, damaged migration, and every trigger.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.integration.distributed;

import javax.annotation.ParametersAreNonnullByDefault;
