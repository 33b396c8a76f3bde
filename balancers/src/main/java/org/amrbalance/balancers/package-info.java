/**
 * The balancers: one interface per algorithm family ({@link org.amrbalance.spi.LoadBalancer}), one small
 * class per algorithm, each in the package of its family; {@link org.amrbalance.balancers.LoadBalancers} declares
 * each once (name, options, factory) and builds them by name or typed, without Guice.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.balancers;

import javax.annotation.ParametersAreNonnullByDefault;
