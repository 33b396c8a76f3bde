package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import org.amrbalance.spi.RemapPolicy;

/** Binds {@link RemapPolicy} to a fresh {@link ChangeDetection} per injection. */
public final class ChangeDetectionModule extends AbstractModule {
  public static final String NAME = "change-detection";

  private final ChangeDetectionOptions options;

  public ChangeDetectionModule() {
    this(ChangeDetectionOptions.defaults());
  }

  public ChangeDetectionModule(ChangeDetectionOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  protected void configure() {
    bind(ChangeDetectionOptions.class).toInstance(options);
  }

  @Provides
  RemapPolicy policy(ChangeDetectionOptions o) {
    return new ChangeDetection(o);
  }
}
