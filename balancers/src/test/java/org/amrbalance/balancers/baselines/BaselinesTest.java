package org.amrbalance.balancers.baselines;

import java.util.Map;
import org.amrbalance.balancers.LoadBalancers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

class BaselinesTest {
  private static final List<Machine> MACHINES = List.of(Machine.fullyConnected(3), Machine.hypercube(8),
      Machine.mesh(4, 2), Machine.fullyConnected(13));

  private static Hierarchy hierarchy(long seed) {
    return RandomHierarchies.defaults().dim(1 + (int) (seed % 3)).baseSize(16).levels(3).maxChildren(4)
        .rootTiles(1 + (int) (seed % 4)).generate(seed);
  }

  @Test
  void theDeclarationsBuildTheBalancersUnderTheirNames() {
    assertThat(LoadBalancers.create("knapsack")).isInstanceOf(KnapsackBalancer.class);
    assertThat(LoadBalancers.create("round-robin")).isInstanceOf(RoundRobinBalancer.class);
    assertThat(((SpaceFillingCurveBalancer) LoadBalancers.create("sfc-hilbert")).curve())
        .isEqualTo(SpaceFillingCurve.HILBERT);
    assertThat(((SpaceFillingCurveBalancer) LoadBalancers.create("sfc-morton")).curve())
        .isEqualTo(SpaceFillingCurve.MORTON);
    assertThatThrownBy(() -> LoadBalancers.create("knapsack", Map.of("efficiency", "0")))
        .hasMessage("amrbalance.knapsack.efficiency = 0: must be a number in (0, 1]");
  }

  @Test
  void optionsRejectOutOfRangeValues() {
    assertThatThrownBy(() -> KnapsackOptions.defaults().withEfficiency(1.5)).hasMessageContaining("efficiency = 1.5");
    assertThatThrownBy(() -> KnapsackOptions.defaults().withEfficiency(0)).hasMessageContaining("efficiency = 0.0");
    assertThatThrownBy(() -> KnapsackOptions.defaults().withMaxSwaps(-1)).hasMessageContaining("max-swaps = -1");
  }

  @Test
  void knapsackSwapsUntilEfficientOrStuckAndNeverRaisesTheLptMaximum() {
    for (long seed = 0; seed < 300; seed++) {
      Hierarchy h = hierarchy(seed);
      Machine machine = MACHINES.get((int) (seed % MACHINES.size()));
      BalanceProblem problem = BalanceProblem.of(h, machine);
      KnapsackOptions whole = KnapsackOptions.defaults().withLevelByLevel(false).withEfficiency(0.97);
      BalanceReport lpt = BalanceReport.of(problem, new KnapsackBalancer(whole.withMaxSwaps(0)).balance(problem));
      Assignment a = new KnapsackBalancer(whole).balance(problem);
      BalanceReport swapped = BalanceReport.of(problem, a);
      assertThat(swapped.maxLoad()).isLessThanOrEqualTo(lpt.maxLoad() + 1e-9);
      if (swapped.efficiency() < 0.97) {
        assertThat(noImprovingExchange(h, a, swapped)).as("seed %d", seed).isTrue();
      }
    }
  }

  /** True if no patch of the heaviest rank, alone or against a lighter patch of the lightest, lowers both below the max. */
  private static boolean noImprovingExchange(Hierarchy h, Assignment a, BalanceReport r) {
    double[] load = r.rankLoads();
    int heavy = 0;
    int light = 0;
    for (int i = 0; i < load.length; i++) {
      heavy = load[i] > load[heavy] ? i : heavy;
      light = load[i] < load[light] ? i : light;
    }
    for (Patch pa : h.patches()) {
      if (a.rankOf(pa.id()) != heavy) {
        continue;
      }
      if (Math.max(load[heavy] - pa.work(), load[light] + pa.work()) < load[heavy] - 1e-9) {
        return false;
      }
      for (Patch pb : h.patches()) {
        if (a.rankOf(pb.id()) == light && pb.work() < pa.work()
            && Math.max(load[heavy] - pa.work() + pb.work(), load[light] + pa.work() - pb.work()) < load[heavy] - 1e-9) {
          return false;
        }
      }
    }
    return true;
  }

  @Test
  void curveSplitsAreContiguousRunsOfAboutEqualWork() {
    for (SpaceFillingCurve curve : SpaceFillingCurve.values()) {
      for (long seed = 0; seed < 200; seed++) {
        Hierarchy h = hierarchy(seed);
        Machine machine = MACHINES.get((int) (seed % MACHINES.size()));
        BalanceProblem problem = BalanceProblem.of(h, machine);
        Assignment a = new SpaceFillingCurveBalancer(curve, SpaceFillingCurveOptions.defaults()
            .withLevelByLevel(false)).balance(problem);
        BalanceReport r = BalanceReport.of(problem, a);
        double largest = h.patches().stream().mapToDouble(Patch::work).max().orElse(0);
        assertThat(r.maxLoad()).isLessThanOrEqualTo(r.averageLoad() + largest + 1e-6);
        // Per level, the default split gives each level's patches to ranks in curve order.
        Assignment perLevel = new SpaceFillingCurveBalancer(curve, SpaceFillingCurveOptions.defaults()).balance(problem);
        assertThat(perLevel.pieces()).hasSize(h.patchCount());
      }
    }
  }

  @Test
  void roundRobinKeepsItsDealAndCanRestartPerLevel() {
    Hierarchy h = hierarchy(5);
    BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(3));
    Assignment a = new RoundRobinBalancer().balance(problem);
    for (int k = 0; k < h.patchCount(); k++) {
      assertThat(a.rankOf(h.patches().get(k).id())).isEqualTo(k % 3);
    }
    Assignment b = new RoundRobinBalancer(RoundRobinOptions.defaults().withRestartEachLevel(true)).balance(problem);
    // Each level is dealt again over the ranks in increasing order of the work the levels before put there.
    double[] below = new double[3];
    for (int level = 0; level <= h.finestLevel(); level++) {
      List<Integer> order = new java.util.ArrayList<>(List.of(0, 1, 2));
      double[] before = below.clone();
      order.sort(java.util.Comparator.comparingDouble((Integer r) -> before[r]).thenComparingInt(r -> r));
      List<Patch> patches = h.level(level);
      for (int k = 0; k < patches.size(); k++) {
        assertThat(b.rankOf(patches.get(k).id())).isEqualTo(order.get(k % 3));
        below[order.get(k % 3)] += patches.get(k).work();
      }
    }
  }
}
