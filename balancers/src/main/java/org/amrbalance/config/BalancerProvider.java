package org.amrbalance.config;

/** A {@link ComponentProvider} whose module binds {@link org.amrbalance.spi.LoadBalancer}. */
public interface BalancerProvider extends ComponentProvider {}
