package org.amrbalance.triggers;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import org.amrbalance.spi.RemapPolicy;

/** Binds {@link RemapPolicy} to {@link EveryRegrid}. It has no options. */
public final class EveryRegridModule extends AbstractModule {
  public static final String NAME = "every-regrid";

  @Provides
  RemapPolicy policy() {
    return new EveryRegrid();
  }
}
