package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to {@link RoundRobinBalancer} with its options. */
public final class RoundRobinModule extends AbstractModule {
  public static final String NAME = "round-robin";

  private final RoundRobinOptions options;

  public RoundRobinModule() {
    this(RoundRobinOptions.defaults());
  }

  public RoundRobinModule(RoundRobinOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(RoundRobinOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(RoundRobinBalancer.class);
  }
}
