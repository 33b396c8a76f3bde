package org.amrbalance.config;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import java.util.Map;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.spi.LoadBalancer;

/**
 * {@code inherit}: the service's default placement of a regrid's grids ({@code amrbalance.placement = inherit},
 * option {@code amrbalance.inherit.tolerance}). Known to {@link BalancingModules} as a placement only, not listed
 * among the balancers: on its own it never rebalances.
 */
final class InheritingPlacementProvider implements BalancerProvider {
  public static final String NAME = "inherit";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "whole grids where most of their data (or their parent's) already is, within a load bound per level";
  }

  @Override
  public Map<String, String> options() {
    return Map.of("tolerance", "a rank takes no more grids of a level once its load would pass this multiple of the"
        + " level's average, >= 1 or Infinity (default " + InheritingPlacement.DEFAULT_TOLERANCE + ")");
  }

  @Override
  public Module module(ComponentOptions o) {
    InheritingPlacement placement = InheritingPlacement.withTolerance(
        o.doubleValue("tolerance", InheritingPlacement.DEFAULT_TOLERANCE, 1, Double.POSITIVE_INFINITY));
    return new AbstractModule() {
      @Override
      protected void configure() {
        bind(LoadBalancer.class).toInstance(placement);
      }
    };
  }
}
