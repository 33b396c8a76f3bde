/**
 * Remap triggers ({@link org.amrbalance.spi.RemapPolicy}): Stop-At-Rise (seed 000), change detection (seed 001),
 * the analytic remap frequency (seed 003), the baselines every AMR code offers, and their composition. Each
 * trigger has an options class and a Guice module whose {@code NAME} is its configuration name.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.triggers;

import javax.annotation.ParametersAreNonnullByDefault;
