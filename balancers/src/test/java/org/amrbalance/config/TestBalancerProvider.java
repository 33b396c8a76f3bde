package org.amrbalance.config;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import java.util.Map;
import org.amrbalance.balancers.baselines.RoundRobinBalancer;
import org.amrbalance.spi.LoadBalancer;

/** Stands for a third-party balancer: registered only through this test's META-INF/services file. */
public final class TestBalancerProvider implements BalancerProvider {
  static int lastOffset = -1;

  @Override
  public String name() {
    return "third-party";
  }

  @Override
  public String description() {
    return "round-robin, from a jar the library does not know";
  }

  @Override
  public Map<String, String> options() {
    return Map.of("offset", "an integer in [0, 100] (default 0)");
  }

  @Override
  public Module module(ComponentOptions options) {
    int offset = options.intValue("offset", 0, 0, 100);
    lastOffset = offset;
    return new AbstractModule() {
      @Override
      protected void configure() {
        bind(LoadBalancer.class).toInstance(new RoundRobinBalancer());
      }
    };
  }
}
