/** Re-runs of the papers' experiments, each writing CSV files and PNG plots into a chosen folder. */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.reproduce;

import javax.annotation.ParametersAreNonnullByDefault;
