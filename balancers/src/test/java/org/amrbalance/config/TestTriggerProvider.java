package org.amrbalance.config;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import java.util.Map;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/** A trigger registered only through this test's META-INF/services file. */
public final class TestTriggerProvider implements TriggerProvider {
  @Override
  public String name() {
    return "third-party-trigger";
  }

  @Override
  public String description() {
    return "never fires";
  }

  @Override
  public Map<String, String> options() {
    return Map.of();
  }

  @Override
  public Module module(ComponentOptions options) {
    return new AbstractModule() {
      @Override
      protected void configure() {
        bind(RemapPolicy.class).toProvider(() -> new RemapPolicy() {
          @Override
          public RemapDecision onStep(StepTimes times) {
            return RemapDecision.keep();
          }

          @Override
          public void onRemap(double measuredCost) {}
        });
      }
    };
  }
}
