package org.amrbalance.config;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import com.google.inject.Provides;
import org.amrbalance.service.BalancingService;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.service.ServiceOptions;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.internal.Checks;

/**
 * Binds the {@link BalancingService}, its options and its {@link Placement} (the placement of a regrid's grids when
 * the trigger does not ask for a remap); the service asks the injector for a fresh trigger at every attach.
 */
public final class ServiceModule extends AbstractModule {
  private final ServiceOptions options;
  private final LoadBalancer placement;

  /** Default options, grids of a regrid placed where their data is ({@link InheritingPlacement}). */
  public ServiceModule() {
    this(ServiceOptions.defaults());
  }

  public ServiceModule(ServiceOptions options) {
    this(options, new InheritingPlacement());
  }

  public ServiceModule(ServiceOptions options, LoadBalancer placement) {
    this.options = Checks.notNull("options", options);
    this.placement = Checks.notNull("placement", placement);
  }

  @Override
  protected void configure() {
    bind(ServiceOptions.class).toInstance(options);
    bind(LoadBalancer.class).annotatedWith(Placement.class).toInstance(placement);
  }

  @Provides
  BalancingService service(LoadBalancer balancer, @Placement LoadBalancer placer, Provider<RemapPolicy> policies,
      ServiceOptions serviceOptions) {
    return new BalancingService(balancer, placer, policies::get, serviceOptions);
  }
}
