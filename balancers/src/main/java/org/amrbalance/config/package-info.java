/**
 * Choosing balancers and triggers by name: {@link org.amrbalance.config.BalancingModules} turns properties
 * ({@code amrbalance.balancer}, {@code amrbalance.trigger}, {@code amrbalance.<name>.<option>}) into Guice
 * modules, discovering the known names through {@link java.util.ServiceLoader} so that a third-party
 * balancer on the classpath is selectable like a built-in one.
 */
@ParametersAreNonnullByDefault
package org.amrbalance.config;

import javax.annotation.ParametersAreNonnullByDefault;
