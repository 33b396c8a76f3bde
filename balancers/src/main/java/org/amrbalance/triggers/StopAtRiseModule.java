package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import org.amrbalance.spi.RemapPolicy;

/** Binds {@link RemapPolicy} to a fresh {@link StopAtRise} per injection (policies are stateful, one per run). */
public final class StopAtRiseModule extends AbstractModule {
  public static final String NAME = "stop-at-rise";

  private final StopAtRiseOptions options;

  public StopAtRiseModule() {
    this(StopAtRiseOptions.defaults());
  }

  public StopAtRiseModule(StopAtRiseOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(StopAtRiseOptions.class).toInstance(options);
  }

  @Provides
  RemapPolicy policy(StopAtRiseOptions o) {
    return new StopAtRise(o);
  }
}
