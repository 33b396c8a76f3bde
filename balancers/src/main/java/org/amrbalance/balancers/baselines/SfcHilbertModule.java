package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import org.amrbalance.spi.LoadBalancer;

/** Binds {@link LoadBalancer} to a Hilbert-order {@link SpaceFillingCurveBalancer} with its options. */
public final class SfcHilbertModule extends AbstractModule {
  public static final String NAME = "sfc-hilbert";

  private final SpaceFillingCurveOptions options;

  public SfcHilbertModule() {
    this(SpaceFillingCurveOptions.defaults());
  }

  public SfcHilbertModule(SpaceFillingCurveOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(SpaceFillingCurveOptions.class).toInstance(options);
    bind(LoadBalancer.class).toInstance(new SpaceFillingCurveBalancer(SpaceFillingCurve.HILBERT, options));
  }
}
