/**
 * End-to-end reliability tests of the distributed runtime on MPJ Express: a run stopped midway and restarted from
 * its checkpoint on another number of ranks.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.integration.reliability;

import javax.annotation.ParametersAreNonnullByDefault;
