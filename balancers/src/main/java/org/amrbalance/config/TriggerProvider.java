package org.amrbalance.config;

/** A {@link ComponentProvider} whose module binds {@link org.amrbalance.spi.RemapPolicy} (unscoped). */
public interface TriggerProvider extends ComponentProvider {}
