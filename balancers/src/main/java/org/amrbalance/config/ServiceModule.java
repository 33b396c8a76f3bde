package org.amrbalance.config;

import com.google.inject.AbstractModule;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.service.Placement;
import org.amrbalance.service.ServiceOptions;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.internal.Checks;

/**
 * Binds the {@link org.amrbalance.service.BalancingService}'s options and its {@link Placement} (the placement of
 * a regrid's grids when the trigger does not ask for a remap); the service itself is injected just in time.
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
}
