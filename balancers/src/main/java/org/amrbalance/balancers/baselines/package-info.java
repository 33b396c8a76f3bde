/** The balancers users of other AMR codes get today: round-robin, LPT, knapsack with swaps, space-filling curves. */
@ParametersAreNonnullByDefault
package org.amrbalance.balancers.baselines;

import javax.annotation.ParametersAreNonnullByDefault;
