package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed reports. The hierarchy: an 8x8 level-0 patch 0; level-1 (ratio 2) patch 1 = (0,0)-(3,3),
 * 16 cells, 12 of them on its boundary; patch 2 = (6,4)-(9,9), 24 cells, 16 on its boundary (its 2x4
 * interior is (7,5)-(8,8)). Patch 2's shadow on level 0 is (3,2)-(4,4): it straddles x = 3 | 4.
 */
class BalanceReportTest {
  private static final Hierarchy H = Hierarchy.of(Box.of2d(0, 0, 7, 7), new int[] {2}, List.of(
      Patch.of(0, 0, Box.of2d(0, 0, 7, 7)),
      Patch.of(1, 1, Box.of2d(0, 0, 3, 3)),
      Patch.of(2, 1, Box.of2d(6, 4, 9, 9))));

  /** Whole grids: 0 on rank 0, 1 on rank 1, 2 on rank 3; rank 2 is empty. */
  private static final Assignment WHOLE = Assignment.wholeGrids(H, 4, Map.of(0, 0, 1, 1, 2, 3));

  /** Patch 0 cut at x = 4: left half on rank 0, right half on rank 2. */
  private static final Assignment CUT = Assignment.of(H, 4, List.of(
      Piece.of(0, Box.of2d(0, 0, 3, 7), 0),
      Piece.of(0, Box.of2d(4, 0, 7, 7), 2),
      Piece.of(1, Box.of2d(0, 0, 3, 3), 1),
      Piece.of(2, Box.of2d(6, 4, 9, 9), 3)));

  static Stream<Arguments> topologies() {
    // hops(0,1), hops(0,2), hops(0,3), hops(2,3) for each topology
    return Stream.of(
        Arguments.of(Topology.fullyConnected(4), 1, 1, 1, 1),
        Arguments.of(Topology.hypercube(2), 1, 1, 2, 1),
        Arguments.of(Topology.mesh(2, 2), 1, 1, 2, 1),
        Arguments.of(Topology.mesh(4, 1), 1, 2, 3, 1));
  }

  @ParameterizedTest
  @MethodSource("topologies")
  void wholeGridLoadsAndParentTraffic(Topology t, int h01, int h02, int h03, int h23) {
    BalanceReport r = BalanceReport.of(BalanceProblem.of(H, Machine.of(t)), WHOLE);
    assertThat(r.rankLoads()).containsExactly(64, 16, 0, 24);
    assertThat(r.maxLoad()).isEqualTo(64);
    assertThat(r.averageLoad()).isEqualTo(26);
    assertThat(r.imbalance()).isCloseTo(64.0 / 26, within(1e-12));
    assertThat(r.efficiency()).isCloseTo(26.0 / 64, within(1e-12));
    assertThat(r.emptyRanks()).isEqualTo(1);
    assertThat(r.intraGridCommunication()).isZero();
    // patch 1: M + B = 16 + 12 = 28 over hops(0,1); patch 2: 24 + 16 = 40 over hops(0,3)
    assertThat(r.interGridCommunication()).isEqualTo(28.0 * h01 + 40.0 * h03);
    assertThat(r.maxInterGridCommunication()).isEqualTo(Math.max(28.0 * h01, 40.0 * h03));
    assertThat(r.gridIndivisibilityObjective()).isEqualTo(64 + Math.max(28.0 * h01, 40.0 * h03));
    assertThat(r.migratedPieces()).isZero();
    // Levels one after another: level 0 takes 64 (rank 0), level 1 takes 24 (rank 3).
    assertThat(r.levelRankLoads(1)).containsExactly(0, 16, 0, 24);
    assertThat(r.levelSynchronousMakespan()).isEqualTo(64 + 24);
    assertThat(r.levelSynchronousEfficiency()).isCloseTo((64.0 / 4 + 40.0 / 4) / 88, within(1e-12));
    // The same measure alone, as balancers choosing among candidates use it.
    assertThat(BalanceReport.levelSynchronousEfficiency(WHOLE)).isEqualTo(r.levelSynchronousEfficiency());
  }

  @ParameterizedTest
  @MethodSource("topologies")
  void cutParentChargesEachChildCellAgainstThePieceAboveIt(Topology t, int h01, int h02, int h03, int h23) {
    BalanceReport r = BalanceReport.of(BalanceProblem.of(H, Machine.of(t)), CUT);
    assertThat(r.rankLoads()).containsExactly(32, 16, 32, 24);
    assertThat(r.emptyRanks()).isZero();
    assertThat(r.pieces()).isEqualTo(4);
    // The largest perimeter: patch 2 (4 x 6) has 2 (4 + 6) = 20 faces; the 4 x 8 halves of patch 0 have 24.
    assertThat(r.maxPieceFaces()).isEqualTo(24);
    // The two halves of patch 0 share an 8-cell face.
    assertThat(r.intraGridCommunication()).isEqualTo(8.0 * h02);
    // Patch 2's left part (6,4)-(7,9): 12 cells, 8 on the boundary, under rank 0; right part likewise under rank 2.
    double patch2 = 20.0 * h03 + 20.0 * h23;
    assertThat(r.interGridCommunication()).isEqualTo(28.0 * h01 + patch2);
    assertThat(r.maxInterGridCommunication()).isEqualTo(Math.max(28.0 * h01, patch2));
  }

  @Test
  void boundaryTermCanBeDroppedAsInTheThesisExperiments() {
    Machine m = Machine.hypercube(4);
    CostModel cost = CostModel.of(2, 0.5).withBoundaryInInterGrid(false);
    BalanceReport r = BalanceReport.of(BalanceProblem.of(H, m, cost), CUT);
    assertThat(r.rankLoads()).containsExactly(64, 32, 64, 48);
    // 0.5 x (16 x 1 + 12 x 2 + 12 x 1); intra 0.5 x 8 x 1
    assertThat(r.interGridCommunication()).isEqualTo(26);
    assertThat(r.intraGridCommunication()).isEqualTo(4);
  }

  @Test
  void migrationIsMeasuredAgainstThePreviousAssignment() {
    BalanceProblem p = BalanceProblem.of(H, Machine.fullyConnected(4)).withPrevious(WHOLE);
    BalanceReport r = BalanceReport.of(p, CUT);
    // The right half of patch 0, 32 cells of 8 bytes, moves from rank 0 to rank 2.
    assertThat(r.migratedPieces()).isEqualTo(1);
    assertThat(r.migratedBytes()).isEqualTo(256);
  }

  @Test
  void workDensityIsSpreadOverPieces() {
    Hierarchy h = Hierarchy.of(Box.of1d(0, 9), new int[] {2}, List.of(Patch.of(0, 0, Box.of1d(0, 9), 5)));
    Assignment a = Assignment.of(h, 3, List.of(Piece.of(0, Box.of1d(0, 1), 0), Piece.of(0, Box.of1d(2, 9), 2)));
    BalanceReport r = BalanceReport.of(BalanceProblem.of(h, Machine.fullyConnected(3)), a);
    assertThat(r.rankLoads()).containsExactly(1, 0, 4);
    assertThat(r.emptyRanks()).isEqualTo(1);
    assertThat(r.intraGridCommunication()).isEqualTo(1);
  }

  @Test
  void noWorkMeansPerfectBalance() {
    Hierarchy h = Hierarchy.of(Box.of1d(0, 3), new int[0], List.of(Patch.of(0, 0, Box.of1d(0, 3), 0)));
    BalanceReport r = BalanceReport.of(BalanceProblem.of(h, Machine.fullyConnected(2)), Assignment.wholeGrids(h, 2, id -> 0));
    assertThat(r.imbalance()).isEqualTo(1);
    assertThat(r.efficiency()).isEqualTo(1);
  }

  @Test
  void mismatchedAssignmentsAreRejected() {
    assertThatThrownBy(() -> BalanceReport.of(BalanceProblem.of(H, Machine.fullyConnected(8)), WHOLE))
        .hasMessageContaining("assignment.ranks = 4");
    Hierarchy other = Hierarchy.of(Box.of2d(0, 0, 7, 7), new int[] {2}, List.of(Patch.of(0, 0, Box.of2d(0, 0, 7, 7))));
    assertThatThrownBy(() -> BalanceReport.of(BalanceProblem.of(other, Machine.fullyConnected(4)), WHOLE))
        .hasMessageContaining("assignment.hierarchy");
  }
}
