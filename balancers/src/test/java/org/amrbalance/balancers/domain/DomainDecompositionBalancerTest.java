package org.amrbalance.balancers.domain;

import org.amrbalance.balancers.domain.DomainDecompositionOptions.CutAxisRule;
import static org.assertj.core.api.Assertions.assertThat;

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

class DomainDecompositionBalancerTest {
  /** The papers' level-0 lattice, which these tests are about (the default chooses the lattice). */
  private static final DomainDecompositionOptions BASE = DomainDecompositionOptions.defaults().withCutLevel(0);
  private static final int[] RANKS = {1, 2, 3, 5, 7, 8, 12, 16, 31};
  private static final DomainDecompositionBalancer ALTERNATING = new DomainDecompositionBalancer(BASE);
  private static final DomainDecompositionBalancer LONGEST =
      new DomainDecompositionBalancer(BASE.withCutAxis(CutAxisRule.LONGEST));

  @Test
  void piecesTileEveryGridAndRegionsAreDisjointColumns() {
    int checked = 0;
    for (int dim = 1; dim <= 3; dim++) {
      RandomHierarchies gen = RandomHierarchies.defaults().dim(dim).baseSize(dim == 3 ? 12 : 24).levels(3)
          .maxChildren(3);
      for (long seed = 0; seed < 6; seed++) {
        Hierarchy h = gen.generate(seed);
        for (int p : RANKS) {
          for (DomainDecompositionBalancer b : List.of(ALTERNATING, LONGEST)) {
            BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(p));
            Assignment a = b.balance(problem);
            assertTilesExactly(h, a);
            assertColumnsAreDisjoint(h, a);
            // A rank owns whole columns of the hierarchy, so a child never talks to a parent on another rank.
            assertThat(BalanceReport.of(problem, a).interGridCommunication()).isZero();
            checked++;
          }
        }
      }
    }
    assertThat(checked).isEqualTo(3 * 6 * RANKS.length * 2);
  }

  /** Independent of {@link Assignment#of}'s own check: count every cell of every patch exactly once. */
  private static void assertTilesExactly(Hierarchy h, Assignment a) {
    for (Patch patch : h.patches()) {
      List<Piece> pieces = a.piecesOf(patch.id());
      long cells = 0;
      for (int i = 0; i < pieces.size(); i++) {
        Box box = pieces.get(i).box();
        assertThat(patch.box().contains(box)).as("piece %s inside patch %s", box, patch.box()).isTrue();
        cells += box.volume();
        for (int j = i + 1; j < pieces.size(); j++) {
          assertThat(box.intersects(pieces.get(j).box())).as("pieces of patch %d overlap", patch.id()).isFalse();
        }
      }
      assertThat(cells).as("cells of patch %d", patch.id()).isEqualTo(patch.cells());
    }
  }

  /** The level-0 shadows of pieces on different ranks never overlap: the ranks own disjoint regions. */
  private static void assertColumnsAreDisjoint(Hierarchy h, Assignment a) {
    List<Piece> pieces = a.pieces();
    List<Box> shadows = new ArrayList<>();
    for (Piece piece : pieces) {
      shadows.add(piece.box().coarsen(h.cumulativeRatio(h.patch(piece.patchId()).level())));
    }
    for (int i = 0; i < pieces.size(); i++) {
      for (int j = i + 1; j < pieces.size(); j++) {
        if (pieces.get(i).rank() != pieces.get(j).rank()) {
          assertThat(shadows.get(i).intersects(shadows.get(j)))
              .as("%s and %s", pieces.get(i), pieces.get(j)).isFalse();
        }
      }
    }
  }

  /**
   * Uniform projected workload: every level-0 cell carries the same work w (level 0 covers the domain; in
   * the two-level case level 1 covers it too). "One cell-row" is the work of the largest slab of level-0
   * cells one cell thick across the whole domain: w * volume / (shortest side). Each cut lands within half
   * a slab of its target and that error is shared by the ranks of the side, so along a rank's path the
   * errors add up to less than one slab (at most sum floor(p/2)/(p * p_side) < 1 slab over the path, for
   * the ceil/floor rank split). Meshes, whose processor rectangles split by columns or rows, are checked too.
   */
  @Test
  void uniformWorkloadIsBalancedWithinOneCellRow() {
    List<Hierarchy> uniform = List.of(
        uniform(Box.ofSize(37), 1, 1), uniform(Box.ofSize(64, 48), 2, 1), uniform(Box.ofSize(50, 21), 3, 2),
        uniform(Box.ofSize(12, 10, 9), 2, 1), uniform(Box.ofSize(11, 7, 6), 1, 2));
    for (Hierarchy h : uniform) {
      double perBaseCell = h.totalWork() / h.domain().volume();
      int shortest = Integer.MAX_VALUE;
      for (int d = 0; d < h.dim(); d++) {
        shortest = Math.min(shortest, h.domain().length(d));
      }
      double cellRow = perBaseCell * h.domain().volume() / shortest;
      for (int p : new int[] {2, 3, 4, 5, 6, 7, 9, 12, 13, 16, 17, 24}) {
        for (Machine machine : machines(p)) {
          for (DomainDecompositionBalancer b : List.of(ALTERNATING, LONGEST)) {
            BalanceProblem problem = BalanceProblem.of(h, machine);
            BalanceReport report = BalanceReport.of(problem, b.balance(problem));
            for (double load : report.rankLoads()) {
              assertThat(Math.abs(load - report.averageLoad()))
                  .as("%s on %s by %s: load %s vs average %s", h, machine, b, load, report.averageLoad())
                  .isLessThan(cellRow);
            }
          }
        }
      }
    }
  }

  private static List<Machine> machines(int p) {
    List<Machine> out = new ArrayList<>(List.of(Machine.fullyConnected(p)));
    if (Integer.bitCount(p) == 1) {
      out.add(Machine.hypercube(p));
    }
    for (int c = 2; c < p; c++) {
      if (p % c == 0) {
        out.add(Machine.mesh(c, p / c));
      }
    }
    return out;
  }

  /** Level 0 tiled into {@code tiles} per axis; with {@code levels = 2} level 1 (ratio 2) covers the domain too. */
  static Hierarchy uniform(Box domain, int tiles, int levels) {
    List<Patch> patches = new ArrayList<>();
    for (Box b : tiles(domain, tiles)) {
      patches.add(Patch.of(patches.size(), 0, b));
    }
    if (levels == 2) {
      for (Box b : tiles(domain.refine(2), tiles + 1)) {
        patches.add(Patch.of(patches.size(), 1, b));
      }
    }
    return Hierarchy.of(domain, new int[] {2}, patches);
  }

  static List<Box> tiles(Box domain, int perAxis) {
    List<Box> out = new ArrayList<>(List.of(domain));
    for (int d = 0; d < domain.dim(); d++) {
      List<Box> next = new ArrayList<>();
      for (Box b : out) {
        Box rest = b;
        for (int t = perAxis; t > 1 && rest.length(d) > 1; t--) {
          Box[] parts = rest.split(d, rest.lo(d) + Math.max(1, rest.length(d) / t));
          next.add(parts[0]);
          rest = parts[1];
        }
        next.add(rest);
      }
      out = next;
    }
    return out;
  }

  @Test
  void resultsAreIdenticalAcrossRunsAndInstances() {
    RandomHierarchies gen = RandomHierarchies.defaults().dim(2).levels(4).maxChildren(4);
    for (long seed = 0; seed < 5; seed++) {
      for (int p : new int[] {6, 16, 23}) {
        Assignment first = new DomainDecompositionBalancer(BASE).balance(BalanceProblem.of(gen.generate(seed),
            Machine.fullyConnected(p)));
        Assignment again = new DomainDecompositionBalancer(BASE).balance(BalanceProblem.of(gen.generate(seed),
            Machine.fullyConnected(p)));
        assertThat(again).isEqualTo(first);
        assertThat(again.pieces()).containsExactlyElementsOf(first.pieces());
      }
    }
  }

  @Test
  void longestAxisCutsAnElongatedDomainIntoStrips() {
    Hierarchy h = uniform(Box.ofSize(128, 8), 1, 1);
    BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(8));
    Assignment strips = LONGEST.balance(problem);
    assertThat(strips.pieces()).hasSize(8).allSatisfy(p -> assertThat(p.box().length(1)).isEqualTo(8));
    Assignment alternating = ALTERNATING.balance(problem);
    assertThat(BalanceReport.of(problem, strips).intraGridCommunication())
        .isLessThan(BalanceReport.of(problem, alternating).intraGridCommunication());
  }

  @Test
  void onAMeshNeighbouringRegionsGetNeighbouringProcessors() {
    Hierarchy h = uniform(Box.ofSize(64, 64), 1, 1);
    BalanceProblem problem = BalanceProblem.of(h, Machine.mesh(4, 4));
    BalanceReport meshAware = BalanceReport.of(problem, ALTERNATING.balance(problem));
    BalanceReport ranges = BalanceReport.of(problem,
        new DomainDecompositionBalancer(BASE.withMeshAwareRanks(false))
            .balance(problem));
    // 4 x 4 blocks of 16 x 16: 3 vertical and 3 horizontal cut lines of 64 faces, each crossing one hop.
    assertThat(meshAware.intraGridCommunication()).isEqualTo(6 * 64);
    assertThat(ranges.intraGridCommunication()).isGreaterThan(6 * 64);
    assertThat(meshAware.imbalance()).isEqualTo(1.0);
  }

  @Test
  void everyLevelCountsWithTheWorkItsPatchesDeclare() {
    // Level 0: 16 cells of work 1 each; level 1 (ratio 2) over the left quarter: 8 cells of work 3 each.
    Patch base = Patch.of(0, 0, Box.ofSize(16));
    Patch fine = Patch.of(1, 1, Box.of1d(0, 7), 24);
    Hierarchy h = Hierarchy.of(Box.ofSize(16), new int[] {2}, List.of(base, fine));
    BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(2));
    Assignment a = ALTERNATING.balance(problem);
    // Total 40, each side 20: the left 4 base cells carry 4 + 24 = 28 > 20, so the cut is at x = 2 (2 + 12 = 14)
    // or x = 3 (3 + 18 = 21); 21 is nearer to 20. The fine patch is cut at 3 * 2 = 6.
    assertThat(a.piecesOf(1)).extracting(Piece::box).containsExactly(Box.of1d(0, 5), Box.of1d(6, 7));
    assertThat(BalanceReport.of(problem, a).rankLoads()).containsExactly(21, 19);
  }

  @Test
  void aFinerCutLevelSplitsCoarseCellsByTheirCentres() {
    // Level 0: 8 cells of work 1; level 1 (ratio 2): cells 0..5 of work 1. On the level-1 lattice the
    // coarse cell i sits at its centre 2i + 1, so the load below lattice cut c is min(c, 6) + floor(c / 2):
    // 7 of 14 at c = 5, which cuts the fine patch at 5 and gives coarse cells 0 and 1 (centres 1 and 3) to
    // the lower rank.
    Hierarchy h = Hierarchy.of(Box.ofSize(8), new int[] {2},
        List.of(Patch.of(0, 0, Box.ofSize(8)), Patch.of(1, 1, Box.of1d(0, 5))));
    BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(2));
    Assignment a = new DomainDecompositionBalancer(BASE.withCutLevel(1))
        .balance(problem);
    assertThat(a.piecesOf(0)).extracting(Piece::box).containsExactly(Box.of1d(0, 1), Box.of1d(2, 7));
    assertThat(a.piecesOf(1)).extracting(Piece::box).containsExactly(Box.of1d(0, 4), Box.of1d(5, 5));
    BalanceReport report = BalanceReport.of(problem, a);
    assertThat(report.rankLoads()).containsExactly(7, 7);
    // Fine cell 4 (rank 0) lies under coarse cell 2 (rank 1): the price of the finer cut.
    assertThat(report.interGridCommunication()).isPositive();
    // On the level-0 lattice the best cut is at 3 (3 + 6 = 9 of 14) or 2 (2 + 4 = 6): 8 / 6 or 9 / 5.
    assertThat(BalanceReport.of(problem, ALTERNATING.balance(problem)).imbalance()).isGreaterThan(1.1);
  }

  @Test
  void aFinerCutLevelTilesEveryGridAndBalancesManyRanksBetter() {
    RandomHierarchies gen = RandomHierarchies.defaults().dim(2).baseSize(32).levels(4).maxChildren(4).rootTiles(4);
    DomainDecompositionBalancer fine =
        new DomainDecompositionBalancer(BASE.withCutLevel(9));
    double coarseSum = 0;
    double fineSum = 0;
    for (long seed = 0; seed < 4; seed++) {
      Hierarchy h = gen.generate(seed);
      for (int p : new int[] {5, 64, 256}) {
        BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(p));
        Assignment a = fine.balance(problem);
        assertTilesExactly(h, a);
        assertThat(fine.balance(problem)).isEqualTo(a);
        double coarse = BalanceReport.of(problem, ALTERNATING.balance(problem)).imbalance();
        double finer = BalanceReport.of(problem, a).imbalance();
        if (p == 256) {
          coarseSum += coarse;
          fineSum += finer;
        }
      }
    }
    assertThat(fineSum).isLessThan(coarseSum);
  }
}
