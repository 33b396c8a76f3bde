package org.amrbalance.integration.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.io.InputStream;
import java.util.Properties;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.service.BalancingService;
import org.amrbalance.spi.BalanceReport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The README's embedding guide, run: the balancer is swapped through the properties file only. */
class EmbeddingGuideIT {

  @ParameterizedTest
  @ValueSource(strings = {"knapsack", "grid-indivisibility", "domain-decomposition", "sfc-hilbert", "grid-packing"})
  void aSolverAdoptsTheLibraryThroughItsHooksAndAPropertiesFile(String balancer) throws Exception {
    Properties config = new Properties();
    try (InputStream in = EmbeddingGuideIT.class.getResourceAsStream("/amrbalance.properties")) {
      config.load(in);
    }
    config.setProperty("amrbalance.balancer", balancer); // what a user edits in the file

    Injector injector = Guice.createInjector(BalancingModules.fromProperties(config));
    BalancingService service = injector.getInstance(BalancingService.class);
    DriftingBlobSolver solver = new DriftingBlobSolver(8);
    service.attach(solver);
    service.regridded();                        // first placement
    for (int step = 0; step < 60; step++) {
      service.stepped(solver.advance());        // the trigger decides; a remap migrates through the host
      if (solver.timeToRegrid()) {
        solver.regrid();
        service.regridded();                    // new grids are placed (and rebalanced if the trigger says so)
      }
    }
    BalanceReport last = service.lastReport().orElseThrow();
    assertThat(service.steps()).isEqualTo(60);
    assertThat(service.remaps()).as("stop-at-rise remapped as the load drifted").isGreaterThan(1);
    assertThat(last.ranks()).isEqualTo(8);
    assertThat(solver.currentAssignment().hierarchy()).isEqualTo(solver.hierarchy());
    assertThat(solver.bytesMoved).isPositive();
  }
}
