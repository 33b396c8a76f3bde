/**
 * The load models of the trigger papers as reusable simulators (MUM and LD of seed 000, the random walk of
 * seed 003) and the exact computations against which the triggers are judged: E[W(n)] and its minimiser, the
 * optimal remapping policy of seed 000 by backward induction, and the optimal repartitioning policy of seed 001.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.models;

import javax.annotation.ParametersAreNonnullByDefault;
