package org.amrbalance.integration.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import org.amrbalance.balancers.LoadBalancers;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.service.BalancingService;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.service.ServiceOptions;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.triggers.RemapPolicies;
import org.junit.jupiter.api.Test;

/** The README's examples as printed there: what a user copies must work. */
class ReadmeExampleIT {
  private static final Path README = Path.of("..", "README.md");

  @Test
  void thePropertiesExampleAsPrintedBuildsTheServiceItDescribes() throws Exception {
    String readme = Files.readString(README);
    int start = readme.indexOf("```properties\n");
    assertThat(start).as("the README has a properties example").isNotNegative();
    int end = readme.indexOf("```", start + 14);
    // The block is indented as part of a list item; a user copies it without the indentation.
    String block = readme.substring(start + 14, end).replaceAll("(?m)^ {3}", "");
    Properties config = new Properties();
    config.load(new StringReader(block));
    assertThat(config.getProperty("amrbalance.balancer")).isNotBlank();

    DriftingBlobSolver solver = new DriftingBlobSolver(4);
    BalancingService service = Guice.createInjector(BalancingModules.fromProperties(config))
        .getInstance(BalancingService.class);
    service.attach(solver);
    service.regridded();
    for (int step = 0; step < 20; step++) {
      service.stepped(solver.advance());
    }
    assertThat(service.steps()).isEqualTo(20);
    assertThat(service.options().twoStage()).isEqualTo(Boolean.parseBoolean(config.getProperty(
        "amrbalance.service.two-stage", "false")));
  }

  @Test
  void theServiceRunsWithoutGuiceFromTheSameNames() {
    LoadBalancer balancer = LoadBalancers.create("scatter", Map.of("blocks-per-processor", "8"));
    Supplier<RemapPolicy> triggers = RemapPolicies.factory("stop-at-rise", Map.of("initial-cost", "0.001"));
    BalancingService service = new BalancingService(balancer, new InheritingPlacement(), triggers,
        ServiceOptions.defaults().withLog(false));
    DriftingBlobSolver solver = new DriftingBlobSolver(4);
    service.attach(solver);
    service.regridded();
    for (int step = 0; step < 20; step++) {
      service.stepped(solver.advance());
    }
    assertThat(service.steps()).isEqualTo(20);
    assertThat(service.lastReport()).isPresent();
  }
}
