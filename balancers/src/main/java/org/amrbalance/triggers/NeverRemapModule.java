package org.amrbalance.triggers;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import org.amrbalance.spi.RemapPolicy;

/** Binds {@link RemapPolicy} to {@link NeverRemap}. It has no options. */
public final class NeverRemapModule extends AbstractModule {
  public static final String NAME = "never";

  @Provides
  RemapPolicy policy() {
    return new NeverRemap();
  }
}
