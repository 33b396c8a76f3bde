package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to the {@link GridPackingBalancer} and its options. */
public final class GridPackingModule extends AbstractModule {
  /** The configuration name of this balancer. */
  public static final String NAME = "grid-packing";

  private final GridPackingOptions options;

  public GridPackingModule() {
    this(GridPackingOptions.defaults());
  }

  public GridPackingModule(GridPackingOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(GridPackingOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(GridPackingBalancer.class);
  }
}
