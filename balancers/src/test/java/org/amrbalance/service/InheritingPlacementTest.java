package org.amrbalance.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

class InheritingPlacementTest {

  @Test
  void newPatchesGoWhereMostOfTheirDataOrTheirParentIs() {
    Box domain = Box.ofSize(8, 8);
    Hierarchy old = Hierarchy.of(domain, new int[] {2}, List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 3, 7)), Patch.of(1, 0, Box.of2d(4, 0, 7, 7)),
        Patch.of(2, 1, Box.of2d(0, 0, 5, 5))));
    Assignment before = Assignment.of(old, 3, List.of(
        Piece.whole(old.patch(0), 0), Piece.whole(old.patch(1), 1),
        Piece.of(2, Box.of2d(0, 0, 5, 1), 0), Piece.of(2, Box.of2d(0, 2, 5, 5), 2)));
    Hierarchy now = Hierarchy.of(domain, new int[] {2}, List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 3, 7)), Patch.of(1, 0, Box.of2d(4, 0, 7, 7)),
        Patch.of(5, 1, Box.of2d(0, 1, 5, 5)),      // mostly over old rank-2 data
        Patch.of(6, 1, Box.of2d(10, 10, 13, 13)))); // new region: with its parent, patch 1
    Assignment placed = InheritingPlacement.withTolerance(Double.POSITIVE_INFINITY).balance(
        BalanceProblem.of(now, Machine.fullyConnected(3)).withPrevious(before));
    assertThat(placed.rankOf(0)).isEqualTo(0);
    assertThat(placed.rankOf(1)).isEqualTo(1);
    assertThat(placed.rankOf(5)).isEqualTo(2);
    assertThat(placed.rankOf(6)).isEqualTo(1);

    // Level 1 holds 30 + 16 cells: within 1.25 x its average (19.2 per rank) patch 5 fits on no rank, but no rank
    // is less loaded than rank 2, which holds most of its data; patch 6 fits beside its parent.
    Assignment bounded = InheritingPlacement.withTolerance(1.25).balance(
        BalanceProblem.of(now, Machine.fullyConnected(3)).withPrevious(before));
    assertThat(bounded.rankOf(5)).isEqualTo(2);
    assertThat(bounded.rankOf(6)).isEqualTo(1);
    assertThatThrownBy(() -> InheritingPlacement.withTolerance(0.9)).hasMessageContaining("tolerance = 0.9");
    assertThatThrownBy(() -> InheritingPlacement.withTolerance(Double.NaN)).hasMessageContaining("tolerance = NaN");
  }

  @Test
  void aRankAboveTheBoundPassesANewPatchToALessLoadedRank() {
    Box domain = Box.ofSize(8, 8);
    Hierarchy old = Hierarchy.of(domain, new int[] {2}, List.of(Patch.of(0, 0, Box.of2d(0, 0, 7, 7)),
        Patch.of(1, 1, Box.of2d(0, 0, 7, 7))));
    Assignment before = Assignment.wholeGrids(old, 2, id -> 0);
    // Two 16-cell patches over rank 0's data: 1.25 x 32 / 2 = 20 admits one of them there.
    Hierarchy now = Hierarchy.of(domain, new int[] {2}, List.of(Patch.of(0, 0, Box.of2d(0, 0, 7, 7)),
        Patch.of(2, 1, Box.of2d(0, 0, 3, 3)), Patch.of(3, 1, Box.of2d(4, 4, 7, 7))));
    BalanceProblem problem = BalanceProblem.of(now, Machine.fullyConnected(2)).withPrevious(before);
    Assignment bounded = InheritingPlacement.withTolerance(1.25).balance(problem);
    assertThat(bounded.rankOf(2)).isEqualTo(0);
    assertThat(bounded.rankOf(3)).isEqualTo(1);
    Assignment pure = InheritingPlacement.withTolerance(Double.POSITIVE_INFINITY).balance(problem);
    assertThat(pure.rankOf(3)).isEqualTo(0);
    assertThat(InheritingPlacement.withTolerance(2).balance(problem).rankOf(3)).as("32 <= 2 x 16").isEqualTo(0);
    assertThat(new InheritingPlacement().balance(problem).rankOf(3)).as("32 > 1.05 x 16").isEqualTo(1);
  }

  /**
   * A regrid of a hierarchy all on one rank: pure inheritance keeps everything there; the bound keeps every rank
   * on every level within max(t x level average, level average + largest patch of the level) (a patch that fits
   * nowhere goes to the least loaded rank, at most at the average before it).
   */
  @Test
  void theBoundKeepsEveryRankNearTheAverageAndMostDataInPlace() {
    for (long seed = 0; seed < 40; seed++) {
      Hierarchy old = RandomHierarchies.defaults().dim(2).generate(seed);
      Hierarchy now = RandomHierarchies.defaults().dim(2).generate(seed + 1000);
      int ranks = 2 + (int) (seed % 7);
      Assignment before = Assignment.wholeGrids(old, ranks, id -> 0);
      BalanceProblem problem = BalanceProblem.of(now, Machine.fullyConnected(ranks)).withPrevious(before);
      for (double t : new double[] {1, 1.25, 2}) {
        Assignment a = InheritingPlacement.withTolerance(t).balance(problem);
        for (int l = 0; l < now.levelCount(); l++) {
          double[] load = new double[ranks];
          double maxPatch = 0;
          double total = 0;
          for (Patch p : now.level(l)) {
            load[a.rankOf(p.id())] += p.work();
            maxPatch = Math.max(maxPatch, p.work());
            total += p.work();
          }
          double avg = total / ranks;
          for (double x : load) {
            assertThat(x).as("seed " + seed + ", t = " + t + ", level " + l)
                .isLessThanOrEqualTo(Math.max(t * avg, avg + maxPatch) * (1 + 1e-12));
          }
        }
      }
      BalanceReport kept = BalanceReport.of(problem,
          InheritingPlacement.withTolerance(Double.POSITIVE_INFINITY).balance(problem));
      assertThat(kept.rankLoads()[0]).as("pure inheritance keeps the data on rank 0").isGreaterThan(0);
    }
  }

  @Test
  void theIndexedPlacementEqualsThePairwiseReference() {
    for (long seed = 0; seed < 300; seed++) {
      RandomHierarchies gen = RandomHierarchies.defaults().dim(1 + (int) (seed % 3)).baseSize(8 + (int) (seed % 9))
          .levels(1 + (int) (seed % 3)).maxChildren(1 + (int) (seed % 5)).rootTiles(1 + (int) (seed % 4));
      Hierarchy old = gen.generate(seed);
      Hierarchy now = gen.generate(seed + 7);
      int ranks = 1 + (int) (seed % 6);
      // A previous assignment that cuts some patches, so that a new patch meets pieces on several ranks.
      List<Piece> pieces = new java.util.ArrayList<>();
      for (Patch p : old.patches()) {
        Box b = p.box();
        if (p.id() % 3 == 0 && b.length(0) > 1) {
          Box[] halves = b.split(0, b.lo(0) + b.length(0) / 2);
          pieces.add(Piece.of(p.id(), halves[0], (int) ((p.id() + seed) % ranks)));
          pieces.add(Piece.of(p.id(), halves[1], (int) ((p.id() + seed + 1) % ranks)));
        } else {
          pieces.add(Piece.whole(p, (int) ((p.id() * 7 + seed) % ranks)));
        }
      }
      Assignment before = Assignment.of(old, ranks, pieces);
      double tolerance = seed % 4 == 0 ? Double.POSITIVE_INFINITY : 1 + (seed % 5) * 0.1;
      BalanceProblem problem = BalanceProblem.of(now, Machine.fullyConnected(ranks)).withPrevious(before);
      Assignment indexed = InheritingPlacement.withTolerance(tolerance).balance(problem);
      int[] reference = pairwiseReference(problem, tolerance);
      for (Patch p : now.patches()) {
        assertThat(indexed.rankOf(p.id())).as("seed %d patch %d", seed, p.id()).isEqualTo(reference[p.id()]);
      }
    }
  }

  /** The placement as first written: every old patch of the level against every new one, every rank scanned. */
  private static int[] pairwiseReference(BalanceProblem problem, double tolerance) {
    Hierarchy h = problem.hierarchy();
    Assignment previous = problem.previous();
    int ranks = problem.ranks();
    int maxId = h.patches().stream().mapToInt(Patch::id).max().orElse(0);
    int[] rankOf = new int[maxId + 1];
    double[][] load = new double[h.levelCount()][ranks];
    double[] limit = new double[h.levelCount()];
    h.patches().forEach(p -> limit[p.level()] += tolerance * p.work() / ranks);
    for (Patch p : h.patches()) {
      long[] cells = new long[ranks];
      if (p.level() < previous.hierarchy().levelCount()) {
        for (Patch old : previous.hierarchy().level(p.level())) {
          for (Piece piece : previous.piecesOf(old.id())) {
            cells[piece.rank()] += piece.box().overlapVolume(p.box());
          }
        }
      }
      if (java.util.Arrays.stream(cells).allMatch(c -> c == 0) && p.level() > 0) {
        Box shadow = p.box().coarsen(h.ratio(p.level() - 1));
        for (int parent : h.parents(p.id())) {
          cells[rankOf[parent]] += h.patch(parent).box().overlapVolume(shadow);
        }
      }
      double[] l = load[p.level()];
      int best = -1;
      for (int r = 0; r < ranks; r++) {
        if (cells[r] > 0 && l[r] + p.work() <= limit[p.level()] && (best < 0 || cells[r] > cells[best])) {
          best = r;
        }
      }
      if (best < 0) {
        best = 0;
        for (int r = 1; r < ranks; r++) {
          if (l[r] < l[best] || (l[r] == l[best] && cells[r] > cells[best])) {
            best = r;
          }
        }
      }
      l[best] += p.work();
      rankOf[p.id()] = best;
    }
    return rankOf;
  }
}
