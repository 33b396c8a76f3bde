package org.amrbalance.balancers.domain;

import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to {@link DomainDecompositionBalancer} with its options. */
public final class DomainDecompositionModule extends AbstractModule {
  /** The configuration name. */
  public static final String NAME = DomainDecompositionBalancer.NAME;

  private final DomainDecompositionOptions options;

  public DomainDecompositionModule() {
    this(DomainDecompositionOptions.defaults());
  }

  public DomainDecompositionModule(DomainDecompositionOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("options = null: must not be null");
    }
    this.options = options;
  }

  @Override
  protected void configure() {
    bind(DomainDecompositionOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(DomainDecompositionBalancer.class);
  }
}
