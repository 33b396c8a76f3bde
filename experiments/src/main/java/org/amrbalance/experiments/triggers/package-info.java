/** The trigger experiments as launcher commands: {@code simulate} and {@code expected-w}, printing JSON. */
@ParametersAreNonnullByDefault
package org.amrbalance.experiments.triggers;

import javax.annotation.ParametersAreNonnullByDefault;
