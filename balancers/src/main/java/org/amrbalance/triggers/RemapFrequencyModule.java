package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import org.amrbalance.spi.RemapPolicy;

/** Binds {@link RemapPolicy} to a fresh {@link RemapFrequency} per injection. */
public final class RemapFrequencyModule extends AbstractModule {
  public static final String NAME = "remap-frequency";

  private final RemapFrequencyOptions options;

  public RemapFrequencyModule() {
    this(RemapFrequencyOptions.defaults());
  }

  public RemapFrequencyModule(RemapFrequencyOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(RemapFrequencyOptions.class).toInstance(options);
  }

  @Provides
  RemapPolicy policy(RemapFrequencyOptions o) {
    return new RemapFrequency(o);
  }
}
