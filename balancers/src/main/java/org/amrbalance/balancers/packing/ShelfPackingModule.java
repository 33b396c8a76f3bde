package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to the {@link ShelfPackingBalancer} and its options. */
public final class ShelfPackingModule extends AbstractModule {
  /** The configuration name of this balancer. */
  public static final String NAME = "shelf-packing";

  private final ShelfPackingOptions options;

  public ShelfPackingModule() {
    this(ShelfPackingOptions.defaults());
  }

  public ShelfPackingModule(ShelfPackingOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(ShelfPackingOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(ShelfPackingBalancer.class);
  }
}
