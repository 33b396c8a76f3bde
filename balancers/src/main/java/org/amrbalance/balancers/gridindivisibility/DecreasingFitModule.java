package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to {@link DecreasingFitBalancer} (L3) with its options. */
public final class DecreasingFitModule extends AbstractModule {
  public static final String NAME = "decreasing-fit";

  private final DecreasingFitOptions options;

  public DecreasingFitModule() {
    this(DecreasingFitOptions.defaults());
  }

  public DecreasingFitModule(DecreasingFitOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(DecreasingFitOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(DecreasingFitBalancer.class);
  }
}
