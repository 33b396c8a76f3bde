package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to {@link KnapsackBalancer} with its options. */
public final class KnapsackModule extends AbstractModule {
  public static final String NAME = "knapsack";

  private final KnapsackOptions options;

  public KnapsackModule() {
    this(KnapsackOptions.defaults());
  }

  public KnapsackModule(KnapsackOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(KnapsackOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(KnapsackBalancer.class);
  }
}
