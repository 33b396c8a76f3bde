/** Generated hierarchies and workloads for property tests, benchmarks and experiments. */
@ParametersAreNonnullByDefault
package org.amrbalance.workloads;

import javax.annotation.ParametersAreNonnullByDefault;
