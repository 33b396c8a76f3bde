package org.amrbalance.experiments.balance;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.junit.jupiter.api.Test;

/**
 * The level-by-level whole-grid balancers on the bundled real hierarchies, measured by {@link BalanceReport}: they
 * no longer stack the levels (total efficiency high) and stay as balanced per level as LPT on each level alone.
 */
class WholeGridLevelsTest {
  private static final List<String> FILES = List.of("enzo_IsolatedGalaxy_galaxy0030.hierarchy",
      "chombo_testGrids.2d", "chombo_testGrids.3d", "amrex_pelelmex_2d_Header");
  /** The whole-grid balancers, with default options. */
  private static final List<String> WHOLE_GRID = List.of("knapsack", "sfc-morton", "sfc-hilbert", "decreasing-fit",
      "grid-indivisibility", "list-scheduling");

  private static HierarchyFile read(String name) throws Exception {
    return HierarchyReaders.read(TestFiles.path(name));
  }

  private static BalanceReport report(Hierarchy h, int ranks, String balancer, Map<String, String> options) {
    LoadBalancer lb = Guice.createInjector(BalancingModules.balancerModule(balancer, options))
        .getInstance(LoadBalancer.class);
    BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(ranks));
    return BalanceReport.of(problem, lb.balance(problem));
  }

  /** The largest bin of Graham's LPT over {@code work}: an independent reference for one level. */
  private static double lptMakespan(List<Double> work, int ranks) {
    List<Double> sorted = new ArrayList<>(work);
    sorted.sort((a, b) -> Double.compare(b, a));
    double[] bin = new double[ranks];
    for (double w : sorted) {
      int least = 0;
      for (int r = 1; r < ranks; r++) {
        least = bin[r] < bin[least] ? r : least;
      }
      bin[least] += w;
    }
    double max = 0;
    for (double b : bin) {
      max = Math.max(max, b);
    }
    return max;
  }

  /** Σ per-level average / Σ per-level LPT makespan: what balancing each level alone by LPT reaches. */
  private static double levelLptEfficiency(Hierarchy h, int ranks) {
    double avg = 0;
    double max = 0;
    for (int l = 0; l < h.levelCount(); l++) {
      List<Double> work = h.level(l).stream().map(Patch::work).toList();
      avg += work.stream().mapToDouble(Double::doubleValue).sum() / ranks;
      max += lptMakespan(work, ranks);
    }
    return avg / max;
  }

  @Test
  void enzoOnSixteenRanksIsBalancedInTotalAndPerLevel() throws Exception {
    Hierarchy h = read(FILES.get(0)).hierarchy();
    BalanceReport r = report(h, 16, "knapsack", Map.of());
    // Stacked levels gave 0.41 in total; all levels placed together by LPT reach 1.00.
    assertThat(r.efficiency()).isGreaterThan(0.95);
    assertThat(r.levelSynchronousEfficiency()).isGreaterThanOrEqualTo(levelLptEfficiency(h, 16) - 1e-12);
    // The same knapsack without the levels (one LPT over all patches) is balanced in total but not per level.
    BalanceReport together = report(h, 16, "knapsack", Map.of("level-by-level", "false"));
    assertThat(r.levelSynchronousEfficiency()).isGreaterThan(together.levelSynchronousEfficiency());
  }

  @Test
  void everyLevelIsAsBalancedAsLptOnThatLevelAlone() throws Exception {
    for (String file : FILES) {
      Hierarchy h = read(file).hierarchy();
      for (int ranks : new int[] {16, 64, 1024}) {
        double reference = levelLptEfficiency(h, ranks);
        for (String b : List.of("knapsack", "decreasing-fit")) {
          assertThat(report(h, ranks, b, Map.of()).levelSynchronousEfficiency())
              .as("%s on %s at %d ranks", b, file, ranks).isGreaterThanOrEqualTo(reference - 1e-9);
        }
      }
    }
  }

  @Test
  void wholeGridBalancersAreNeverBelowRoundRobin() throws Exception {
    for (String file : FILES) {
      Hierarchy h = read(file).hierarchy();
      for (int ranks : new int[] {16, 64, 1024}) {
        BalanceReport roundRobin = report(h, ranks, "round-robin", Map.of());
        for (String b : WHOLE_GRID) {
          BalanceReport r = report(h, ranks, b, Map.of());
          assertThat(r.efficiency()).as("%s on %s at %d ranks", b, file, ranks)
              .isGreaterThanOrEqualTo(roundRobin.efficiency() - 1e-12);
          assertThat(r.levelSynchronousEfficiency()).as("%s on %s at %d ranks, per level", b, file, ranks)
              .isGreaterThanOrEqualTo(roundRobin.levelSynchronousEfficiency() - 1e-12);
        }
      }
    }
  }

  @Test
  void theCommunicationBudgetsNoLongerPinTheHeaviestGridsToTheirParents() throws Exception {
    Hierarchy h = read(FILES.get(0)).hierarchy();
    for (String b : List.of("grid-indivisibility", "list-scheduling")) {
      // The thesis's formula (no minimum) keeps grids above twice the mean on their parent's rank: the levels stack.
      double pinned = report(h, 16, b, Map.of("min-budget", "0")).efficiency();
      double roundRobin = report(h, 16, "round-robin", Map.of()).efficiency();
      assertThat(pinned).as(b).isLessThan(roundRobin);
      assertThat(report(h, 16, b, Map.of()).efficiency()).as(b).isGreaterThan(0.9);
    }
  }
}
