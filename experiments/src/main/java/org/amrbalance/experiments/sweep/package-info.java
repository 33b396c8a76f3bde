/**
 * The experiments of seed 002 §3.6 (spec §13) as plain computations of result rows: the thesis's workload
 * generator, one generation's cost measured by {@code BalanceReport}, and the five sweeps.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.sweep;

import javax.annotation.ParametersAreNonnullByDefault;
