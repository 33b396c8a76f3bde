package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import org.amrbalance.spi.RemapPolicy;

/** Binds {@link RemapPolicy} to a fresh {@link Adaptive} per injection (policies are stateful, one per run). */
public final class AdaptiveModule extends AbstractModule {
  public static final String NAME = "adaptive";

  private final AdaptiveOptions options;

  public AdaptiveModule() {
    this(AdaptiveOptions.defaults());
  }

  public AdaptiveModule(AdaptiveOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(AdaptiveOptions.class).toInstance(options);
  }

  @Provides
  RemapPolicy policy(AdaptiveOptions o) {
    return new Adaptive(o);
  }
}
