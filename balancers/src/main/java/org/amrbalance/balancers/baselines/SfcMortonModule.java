package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to a Morton-order {@link SpaceFillingCurveBalancer} with its options. */
public final class SfcMortonModule extends AbstractModule {
  public static final String NAME = "sfc-morton";

  private final SpaceFillingCurveOptions options;

  public SfcMortonModule() {
    this(SpaceFillingCurveOptions.defaults());
  }

  public SfcMortonModule(SpaceFillingCurveOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(SpaceFillingCurveOptions.class).toInstance(options);
    bind(LoadBalancer.class).toInstance(new SpaceFillingCurveBalancer(SpaceFillingCurve.MORTON, options));
  }
}
