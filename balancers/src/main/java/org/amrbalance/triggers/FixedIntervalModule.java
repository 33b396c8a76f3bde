package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import org.amrbalance.spi.RemapPolicy;

/** Binds {@link RemapPolicy} to a fresh {@link FixedInterval} per injection. */
public final class FixedIntervalModule extends AbstractModule {
  public static final String NAME = "fixed-interval";

  private final FixedIntervalOptions options;

  public FixedIntervalModule() {
    this(FixedIntervalOptions.defaults());
  }

  public FixedIntervalModule(FixedIntervalOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(FixedIntervalOptions.class).toInstance(options);
  }

  @Provides
  RemapPolicy policy(FixedIntervalOptions o) {
    return new FixedInterval(o);
  }
}
