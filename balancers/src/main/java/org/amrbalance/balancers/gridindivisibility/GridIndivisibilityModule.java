package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to {@link GridIndivisibilityBalancer} with its options. */
public final class GridIndivisibilityModule extends AbstractModule {
  public static final String NAME = "grid-indivisibility";

  private final GridIndivisibilityOptions options;

  public GridIndivisibilityModule() {
    this(GridIndivisibilityOptions.defaults());
  }

  public GridIndivisibilityModule(GridIndivisibilityOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(GridIndivisibilityOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(GridIndivisibilityBalancer.class);
  }
}
