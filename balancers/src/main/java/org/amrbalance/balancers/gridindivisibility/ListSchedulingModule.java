package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to {@link ListSchedulingBalancer} (L2) with its options. */
public final class ListSchedulingModule extends AbstractModule {
  public static final String NAME = "list-scheduling";

  private final ListSchedulingOptions options;

  public ListSchedulingModule() {
    this(ListSchedulingOptions.defaults());
  }

  public ListSchedulingModule(ListSchedulingOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(ListSchedulingOptions.class).toInstance(options);
    bind(LoadBalancer.class).to(ListSchedulingBalancer.class);
  }
}
