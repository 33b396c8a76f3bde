/** Line charts (PNG through JFreeChart), CSV/Markdown tables and JSON lines for experiment results. */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.plot;

import javax.annotation.ParametersAreNonnullByDefault;
