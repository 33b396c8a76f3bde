/**
 * The balancers: one interface per algorithm family ({@link org.amrbalance.spi.LoadBalancer}), one small
 * class per algorithm, each in the package of its family, each with a Guice module.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.balancers;

import javax.annotation.ParametersAreNonnullByDefault;
