/**
 * Helpers shared by the modules of AMR Balance. Not API: classes here may change or go in any release.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.spi.internal;

import javax.annotation.ParametersAreNonnullByDefault;
