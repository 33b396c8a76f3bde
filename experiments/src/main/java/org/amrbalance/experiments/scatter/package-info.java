/**
 * The analysis of scatter decomposition (seed 004, Nicol and Saltz) as executable code: stationary 1-D
 * workloads with a chosen covariance, exact cluster and processor covariances, the paper's closed forms,
 * Monte Carlo estimates of processor variance and expected maximum load, and the periodic counterexample.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.scatter;

import javax.annotation.ParametersAreNonnullByDefault;
