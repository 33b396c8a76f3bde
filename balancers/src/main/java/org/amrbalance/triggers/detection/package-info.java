/**
 * The pieces of seed 001's change detection: batch means and clusters, the AIC two-model test, the Bayesian
 * probability of change and the threshold heuristic that turns it into repartitioning decisions.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.triggers.detection;

import javax.annotation.ParametersAreNonnullByDefault;
