package org.amrbalance.balancers.baselines;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

class SlabLptTest {
  @Test
  void everyGridIsCutIntoEqualSlabsAlongItsLongestAxis() {
    RandomHierarchies gen = RandomHierarchies.defaults().dim(3).baseSize(16).levels(3).maxChildren(4).rootTiles(2);
    for (long seed = 0; seed < 6; seed++) {
      Hierarchy h = gen.generate(seed);
      for (int ranks : new int[] {1, 5, 64}) {
        Assignment a = new SlabLptBalancer(SlabLptOptions.defaults()).balance(
            BalanceProblem.of(h, Machine.fullyConnected(ranks)));
        for (int level = 0; level < h.levelCount(); level++) {
          double share = h.level(level).stream().mapToDouble(Patch::work).sum() / ranks;
          for (Patch p : h.level(level)) {
            List<Piece> slabs = a.piecesOf(p.id());
            int axis = p.box().longestAxis();
            int len = p.box().length(axis);
            long want = (long) Math.ceil(p.work() / share);
            assertThat(slabs).hasSize((int) Math.max(1, Math.min(want, len / 4)));
            long cells = 0;
            for (Piece s : slabs) {
              cells += s.box().volume();
              for (int d = 0; d < 3; d++) {
                if (d != axis) {
                  assertThat(s.box().length(d)).isEqualTo(p.box().length(d));
                }
              }
              assertThat(s.box().length(axis)).isBetween(len / slabs.size(), (len + slabs.size() - 1) / slabs.size());
            }
            assertThat(cells).isEqualTo(p.box().volume());
          }
        }
      }
    }
  }

  @Test
  void theDeclarationBuildsItUnderItsName() {
    assertThat(org.amrbalance.balancers.LoadBalancers.create("slab-lpt")).isInstanceOf(SlabLptBalancer.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> SlabLptOptions.defaults().withMinPieceEdge(0))
        .hasMessageContaining("min-piece-edge = 0");
  }

  @Test
  void oneBigGridIsSpreadOverEveryRank() {
    Hierarchy h = Hierarchy.of(Box.ofSize(64, 64), new int[0], List.of(Patch.of(0, 0, Box.ofSize(64, 64))));
    Assignment a = new SlabLptBalancer(SlabLptOptions.defaults()).balance(
        BalanceProblem.of(h, Machine.fullyConnected(16)));
    assertThat(a.piecesOf(0)).extracting(Piece::rank).containsExactlyInAnyOrder(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  }
}
