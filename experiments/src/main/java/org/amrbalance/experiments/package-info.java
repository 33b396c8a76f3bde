/**
 * The launcher ({@code experiments/target/amrbalance.jar}) and its subcommands: reproductions of the papers'
 * experiments, balance runs on real hierarchies, JMH benchmarks.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments;

import javax.annotation.ParametersAreNonnullByDefault;
