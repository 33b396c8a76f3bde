package org.amrbalance.balancers.scatter;

import org.amrbalance.balancers.scatter.ScatterOptions.ProcessorLayout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

class ScatterBalancerTest {

  private static ScatterBalancer scatter(int k) {
    return new ScatterBalancer(ScatterOptions.defaults().withBlocksPerProcessor(k).withLatticeFromHierarchy(false));
  }

  @Test
  void piecesTileEveryGridAlongBlockBoundariesAndOwnersAreModular() {
    int checked = 0;
    for (int dim = 1; dim <= 3; dim++) {
      RandomHierarchies gen = RandomHierarchies.defaults().dim(dim).baseSize(dim == 3 ? 12 : 30).levels(3)
          .maxChildren(3);
      for (long seed = 0; seed < 5; seed++) {
        Hierarchy h = gen.generate(seed);
        for (int p : new int[] {1, 2, 3, 5, 6, 8, 12, 16}) {
          for (int k : new int[] {1, 2, 3}) {
            ScatterBalancer b = scatter(k);
            BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(p));
            Assignment a = b.balance(problem);
            int[] q = b.processorGrid(problem);
            assertThat(java.util.Arrays.stream(q).reduce(1, (x, y) -> x * y)).isEqualTo(p);
            for (Patch patch : h.patches()) {
              long cells = 0;
              List<Piece> pieces = a.piecesOf(patch.id());
              for (int i = 0; i < pieces.size(); i++) {
                Piece piece = pieces.get(i);
                cells += piece.box().volume();
                assertThat(patch.box().contains(piece.box())).isTrue();
                for (int j = i + 1; j < pieces.size(); j++) {
                  assertThat(piece.box().intersects(pieces.get(j).box())).isFalse();
                }
                assertThat(piece.rank()).isEqualTo(expectedOwner(h, patch, piece, q, k));
              }
              assertThat(cells).isEqualTo(patch.cells());
            }
            checked++;
          }
        }
      }
    }
    assertThat(checked).isEqualTo(3 * 5 * 8 * 3);
  }

  /**
   * Every level-0 cell under the piece lies in one block per cut axis, found here by scanning the block
   * boundaries; the owner is that block's coordinates mod q, axis 0 fastest.
   */
  private static int expectedOwner(Hierarchy h, Patch patch, Piece piece, int[] q, int k) {
    Box shadow = piece.box().coarsen(h.cumulativeRatio(patch.level()));
    Box domain = h.domain();
    int rank = 0;
    int stride = 1;
    for (int d = 0; d < domain.dim(); d++) {
      int n = domain.length(d);
      int blocks = Math.min(k * q[d], n);
      int lowBlock = -1;
      int highBlock = -1;
      for (int b = 0; b < blocks; b++) {
        int start = domain.lo(d) + (int) ((long) b * n / blocks);
        int end = domain.lo(d) + (int) ((long) (b + 1) * n / blocks) - 1;
        if (start <= shadow.lo(d) && shadow.lo(d) <= end) {
          lowBlock = b;
        }
        if (start <= shadow.hi(d) && shadow.hi(d) <= end) {
          highBlock = b;
        }
      }
      if (q[d] > 1) {
        assertThat(highBlock).as("piece %s stays in one block along axis %d", piece, d).isEqualTo(lowBlock);
      }
      rank += stride * (lowBlock % q[d]);
      stride *= q[d];
    }
    return rank;
  }

  @Test
  void uniformWorkloadOnADividingBlockGridIsExactlyBalanced() {
    for (int[] c : new int[][] {{48, 48, 16, 3}, {36, 24, 6, 2}, {60, 0, 5, 4}}) {
      Box domain = c[1] == 0 ? Box.ofSize(c[0]) : Box.ofSize(c[0], c[1]);
      Hierarchy h = Hierarchy.of(domain, new int[0], List.of(Patch.of(0, 0, domain)));
      BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(c[2]));
      BalanceReport report = BalanceReport.of(problem, scatter(c[3]).balance(problem));
      assertThat(report.imbalance()).as("%s on %d ranks", domain, c[2]).isEqualTo(1.0);
    }
  }

  /**
   * When the blocks do not divide the domain, block sizes differ by one cell: along an axis a processor
   * coordinate holds k blocks of floor or ceil(N/g) cells, at most k cells from the average N/q. With
   * uniform work the load of a rank is then within "one cell per block": sum over cut axes j of
   * k * prod_{i != j} (N_i/q_i + k) cells of the average.
   */
  @Test
  void uniformWorkloadIsWithinOneCellPerBlockOfTheAverage() {
    for (Box domain : List.of(Box.ofSize(37), Box.ofSize(50, 21), Box.ofSize(13, 11, 7))) {
      Hierarchy h = Hierarchy.of(domain, new int[0], List.of(Patch.of(0, 0, domain)));
      for (int p : new int[] {2, 3, 4, 5, 6}) {
        for (int k : new int[] {1, 2, 3}) {
          ScatterBalancer b = scatter(k);
          BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(p));
          int[] q = b.processorGrid(problem);
          double bound = 0;
          for (int j = 0; j < domain.dim(); j++) {
            double term = k;
            for (int i = 0; i < domain.dim(); i++) {
              if (i != j) {
                term *= (double) domain.length(i) / q[i] + k;
              }
            }
            bound += q[j] > 1 ? term : 0;
          }
          BalanceReport report = BalanceReport.of(problem, b.balance(problem));
          for (double load : report.rankLoads()) {
            assertThat(Math.abs(load - report.averageLoad())).as("%s, %d ranks, k = %d", domain, p, k)
                .isLessThanOrEqualTo(bound);
          }
        }
      }
    }
    // 37 cells, 3 ranks, k = 2: blocks of 6,6,6,6,6,7 cells; rank 2 holds blocks 2 and 5.
    Hierarchy line = Hierarchy.of(Box.ofSize(37), new int[0], List.of(Patch.of(0, 0, Box.ofSize(37))));
    BalanceProblem problem = BalanceProblem.of(line, Machine.fullyConnected(3));
    assertThat(BalanceReport.of(problem, scatter(2).balance(problem)).rankLoads()).containsExactly(12, 12, 13);
  }

  @Test
  void processorGridFollowsTheDomainShapeOrTheMesh() {
    assertThat(ScatterBalancer.factor(Box.ofSize(64, 32), 12)).containsExactly(6, 2);
    assertThat(ScatterBalancer.factor(Box.ofSize(16, 16, 16), 8)).containsExactly(2, 2, 2);
    assertThat(ScatterBalancer.factor(Box.ofSize(20, 40), 13)).containsExactly(1, 13);
    assertThat(ScatterBalancer.factor(Box.ofSize(100), 7)).containsExactly(7);
    Hierarchy h = Hierarchy.of(Box.ofSize(32, 32), new int[0], List.of(Patch.of(0, 0, Box.ofSize(32, 32))));
    assertThat(new ScatterBalancer().processorGrid(BalanceProblem.of(h, Machine.mesh(8, 2)))).containsExactly(8, 2);
    ScatterBalancer strips = new ScatterBalancer(ScatterOptions.defaults().withLayout(ProcessorLayout.STRIPS));
    assertThat(strips.processorGrid(BalanceProblem.of(h, Machine.fullyConnected(6)))).containsExactly(6, 1);
    ScatterBalancer explicit = new ScatterBalancer(ScatterOptions.defaults().withProcessorGrid(2, 3));
    assertThat(explicit.processorGrid(BalanceProblem.of(h, Machine.fullyConnected(6)))).containsExactly(2, 3);
    assertThatThrownBy(() -> explicit.balance(BalanceProblem.of(h, Machine.fullyConnected(8))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("processorGrid = [2, 3]");
  }

  @Test
  void onAMeshTheBlockGoesToTheMeshProcessorAtItsCoordinatesModQ() {
    Box domain = Box.ofSize(16, 8);
    Hierarchy h = Hierarchy.of(domain, new int[0], List.of(Patch.of(0, 0, domain)));
    // 4 x 2 mesh, k = 2: 8 x 4 blocks of 2 x 2 cells.
    Assignment a = scatter(2).balance(BalanceProblem.of(h, Machine.mesh(4, 2)));
    assertThat(a.pieces()).hasSize(32);
    for (Piece piece : a.pieces()) {
      int bx = piece.box().lo(0) / 2;
      int by = piece.box().lo(1) / 2;
      assertThat(piece.rank()).isEqualTo((by % 2) * 4 + bx % 4);
    }
  }

  @Test
  void resultsAreIdenticalAcrossRuns() {
    Hierarchy h = RandomHierarchies.defaults().dim(3).baseSize(10).levels(3).generate(11);
    BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(12));
    assertThat(scatter(3).balance(problem).pieces()).containsExactlyElementsOf(scatter(3).balance(problem).pieces());
  }

  /**
   * Seed 004 §2.1's periodic counterexample on the balancer itself: 1000 level-0 cells, 10 ranks, cells
   * b, b+100, ..., b+900 of work 1000 and every other cell of work 1. Ten blocks (k = 1) give every rank
   * 1099; twenty (k = 2) give half the ranks 2098 and half 100; one cell per block (k = 100) gives one rank
   * 10090 and the others 100. The coarsest granularity wins.
   */
  @Test
  void periodicWorkloadMakesCoarserGranularityWin() {
    for (int base = 0; base < 100; base++) {
      Hierarchy h = periodic(base);
      BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(10));
      BalanceReport ten = BalanceReport.of(problem, scatter(1).balance(problem));
      BalanceReport twenty = BalanceReport.of(problem, scatter(2).balance(problem));
      BalanceReport pointwise = BalanceReport.of(problem, scatter(100).balance(problem));
      assertThat(ten.rankLoads()).containsOnly(1099);
      assertThat(twenty.rankLoads()).containsOnly(2098, 100);
      assertThat(java.util.Arrays.stream(twenty.rankLoads()).filter(l -> l == 2098).count()).isEqualTo(5);
      assertThat(pointwise.maxLoad()).isEqualTo(10090);
      assertThat(pointwise.rankLoad(base % 10)).isEqualTo(10090);
      assertThat(java.util.Arrays.stream(pointwise.rankLoads()).filter(l -> l == 100).count()).isEqualTo(9);
    }
  }

  /**
   * A heavy stretch at the start of a 1-D domain: finer blocks spread it over more ranks, so the default (lattice from
   * the hierarchy) takes a finer granularity than the configured 4 blocks per rank; a piece budget below what the
   * finer answer needs keeps the configured granularity, whose answer is then exactly the plain lattice's.
   */
  @Test
  void aFinerGranularityIsTakenOnlyWithinThePieceBudget() {
    Hierarchy h = Hierarchy.of(Box.of1d(0, 999), new int[0], List.of(Patch.of(0, 0, Box.of1d(0, 36), 37 * 50),
        Patch.of(1, 0, Box.of1d(37, 999), 963)));
    BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(10));
    ScatterBalancer fromHierarchy = new ScatterBalancer();
    Assignment free = fromHierarchy.balance(problem);
    Assignment configured = scatter(4).balance(problem);
    assertThat(free.pieces().size()).as("a finer granularity pays here").isGreaterThan(configured.pieces().size());
    assertThat(BalanceReport.of(problem, free).levelSynchronousEfficiency())
        .isGreaterThan(BalanceReport.of(problem, configured).levelSynchronousEfficiency());
    Assignment capped = fromHierarchy.balance(problem, configured.pieces().size());
    assertThat(capped.pieces()).isEqualTo(configured.pieces());
    assertThat(fromHierarchy.balance(problem, free.pieces().size()).pieces()).isEqualTo(free.pieces());
  }

  /** Level-0 patches: a one-cell patch of work 1000 at every heavy cell, unit-work patches between them. */
  static Hierarchy periodic(int base) {
    List<Patch> patches = new ArrayList<>();
    int start = 0;
    for (int heavy = base; heavy < 1000; heavy += 100) {
      if (heavy > start) {
        patches.add(Patch.of(patches.size(), 0, Box.of1d(start, heavy - 1)));
      }
      patches.add(Patch.of(patches.size(), 0, Box.of1d(heavy, heavy), 1000));
      start = heavy + 1;
    }
    if (start < 1000) {
      patches.add(Patch.of(patches.size(), 0, Box.of1d(start, 999)));
    }
    return Hierarchy.of(Box.ofSize(1000), new int[0], patches);
  }
}
