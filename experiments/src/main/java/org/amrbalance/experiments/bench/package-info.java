/**
 * JMH benchmarks of the balancers at scale (10^3 to 10^5 grids, 16 to 16,384 ranks), the {@code bench}
 * subcommand that runs them and writes a Markdown and CSV summary, and the heap measurement of balancing
 * 10^5 grids in a fresh JVM capped at 1 GiB.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.bench;

import javax.annotation.ParametersAreNonnullByDefault;
