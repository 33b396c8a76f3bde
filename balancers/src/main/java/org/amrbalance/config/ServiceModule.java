package org.amrbalance.config;

import com.google.inject.AbstractModule;
import org.amrbalance.service.ServiceOptions;

/** Binds the {@link org.amrbalance.service.BalancingService}'s options; the service itself is injected just in time. */
public final class ServiceModule extends AbstractModule {
  private final ServiceOptions options;

  public ServiceModule() {
    this(ServiceOptions.defaults());
  }

  public ServiceModule(ServiceOptions options) {
    this.options = options;
  }

  @Override
  protected void configure() {
    bind(ServiceOptions.class).toInstance(options);
  }
}
