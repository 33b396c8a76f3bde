/** Line plots (PNG through Java2D) and CSV/Markdown tables for experiment results. */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.plot;

import javax.annotation.ParametersAreNonnullByDefault;
