package org.amrbalance.balancers.baselines;

import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.internal.Checks;

/** Binds {@link LoadBalancer} to {@link SlabLptBalancer} with its options. */
public final class SlabLptModule extends AbstractModule {
  public static final String NAME = "slab-lpt";

  private final SlabLptOptions options;

  public SlabLptModule() {
    this(SlabLptOptions.defaults());
  }

  public SlabLptModule(SlabLptOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(SlabLptOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(SlabLptBalancer.class);
  }
}
