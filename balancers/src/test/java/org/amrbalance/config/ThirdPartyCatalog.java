package org.amrbalance.config;

import java.util.List;
import org.amrbalance.balancers.baselines.RoundRobinBalancer;
import org.amrbalance.components.Component;
import org.amrbalance.components.ComponentCatalog;
import org.amrbalance.components.Option;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/** A catalog as a jar the library does not know would ship it: found by ServiceLoader, selectable by name. */
public final class ThirdPartyCatalog implements ComponentCatalog {
  static final Option<Integer> OFFSET = Option.integer("offset", 0, 0, 100, "an offset");
  static int lastOffset = -1;

  @Override
  public List<Component<?>> components() {
    return List.of(
        Component.balancer("third-party", "round-robin, from a jar the library does not know", s -> {
          lastOffset = s.get(OFFSET);
          return new RoundRobinBalancer();
        }, OFFSET),
        Component.trigger("third-party-trigger", "never fires", s -> new RemapPolicy() {
          @Override
          public RemapDecision onStep(StepTimes times) {
            return RemapDecision.keep();
          }

          @Override
          public void onRemap(double measuredCost) {}
        }));
  }
}
