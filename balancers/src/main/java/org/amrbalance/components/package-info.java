/**
 * Declarations of balancers and triggers: a {@link org.amrbalance.components.Component} names one, lists its
 * {@link org.amrbalance.components.Option}s (default, range, help, written once) and builds it; configuration, help
 * and wiring are derived from it. No Guice here: the {@code config} package binds components.
 */
@javax.annotation.ParametersAreNonnullByDefault
package org.amrbalance.components;
