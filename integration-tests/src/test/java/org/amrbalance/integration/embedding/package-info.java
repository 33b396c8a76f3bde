/** The embedding guide of the README, as running code: a small existing solver adopts the library. */
@ParametersAreNonnullByDefault
package org.amrbalance.integration.embedding;

import javax.annotation.ParametersAreNonnullByDefault;
