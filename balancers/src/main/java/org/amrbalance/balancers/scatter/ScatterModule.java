package org.amrbalance.balancers.scatter;

import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to {@link ScatterBalancer} with its options. */
public final class ScatterModule extends AbstractModule {
  /** The configuration name. */
  public static final String NAME = ScatterBalancer.NAME;

  private final ScatterOptions options;

  public ScatterModule() {
    this(ScatterOptions.defaults());
  }

  public ScatterModule(ScatterOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("options = null: must not be null");
    }
    this.options = options;
  }

  @Override
  protected void configure() {
    bind(ScatterOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(ScatterBalancer.class);
  }
}
