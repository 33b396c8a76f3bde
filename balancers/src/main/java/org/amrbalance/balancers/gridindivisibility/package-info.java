/**
 * Whole-grid load balancing under a communication limit (seed 002, chapter 3): the recursive-halving
 * heuristic L1 in its sequential, concurrent, gathering and parallel forms, the comparison heuristics L2
 * (list scheduling with distance tags) and L3 (decreasing fit), and the {@code LoadBalancer}s that apply
 * them to a hierarchy one level (generation) at a time.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.balancers.gridindivisibility;

import javax.annotation.ParametersAreNonnullByDefault;
