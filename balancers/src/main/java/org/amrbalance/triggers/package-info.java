/**
 * Remap triggers ({@link org.amrbalance.spi.RemapPolicy}): Stop-At-Rise (seed 000), change detection (seed 001),
 * the analytic remap frequency (seed 003), the baselines every AMR code offers, and their composition. Each
 * trigger has an options record and is declared once in {@link org.amrbalance.triggers.RemapPolicies}, which builds
 * it by name or typed, without Guice.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.triggers;

import javax.annotation.ParametersAreNonnullByDefault;
