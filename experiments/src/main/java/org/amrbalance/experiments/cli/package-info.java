/** GNU-style command-line parsing for the launcher's subcommands. */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.cli;

import javax.annotation.ParametersAreNonnullByDefault;
