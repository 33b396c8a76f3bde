package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class MigrationPlanTest {
  private static final Box DOMAIN = Box.of2d(0, 0, 7, 7);

  @Test
  void movesOnlyTheCellsWhoseOwnerChanges() {
    Hierarchy h = Hierarchy.of(DOMAIN, new int[] {2},
        List.of(Patch.of(0, 0, DOMAIN), Patch.of(1, 1, Box.of2d(0, 0, 3, 3)).withPayloadBytes(1000)));
    Assignment before = Assignment.wholeGrids(h, 4, id -> 0);
    Assignment after = Assignment.of(h, 4, List.of(
        Piece.of(0, Box.of2d(0, 0, 7, 3), 0),
        Piece.of(0, Box.of2d(0, 4, 7, 7), 2),
        Piece.of(1, Box.of2d(0, 0, 3, 3), 3)));
    MigrationPlan plan = MigrationPlan.between(before, after);
    assertThat(plan.transfers()).containsExactly(
        Transfer.of(0, 0, 0, Box.of2d(0, 4, 7, 7), 0, 2, 32 * 8),
        Transfer.of(1, 1, 1, Box.of2d(0, 0, 3, 3), 0, 3, 1000));
    assertThat(plan.bytes()).isEqualTo(256 + 1000);
    assertThat(plan.cells()).isEqualTo(32 + 16);
    assertThat(plan.sentBy(0)).hasSize(2);
    assertThat(plan.receivedBy(2)).hasSize(1);
    assertThat(plan.bytesSentByRank()).containsEntry(0, 1256L);
    assertThat(MigrationPlan.between(after, after).isEmpty()).isTrue();
    assertThat(MigrationPlan.between(null, after).isEmpty()).isTrue();
  }

  @Test
  void acrossARegridOnlyOverlappingOldDataMoves() {
    Hierarchy old = Hierarchy.of(DOMAIN, new int[] {2},
        List.of(Patch.of(0, 0, DOMAIN), Patch.of(1, 1, Box.of2d(0, 0, 5, 5))));
    Hierarchy regridded = Hierarchy.of(DOMAIN, new int[] {2},
        List.of(Patch.of(0, 0, DOMAIN), Patch.of(7, 1, Box.of2d(4, 4, 9, 9))));
    Assignment before = Assignment.wholeGrids(old, 2, id -> id == 1 ? 1 : 0);
    Assignment after = Assignment.wholeGrids(regridded, 2, id -> 0);
    MigrationPlan plan = MigrationPlan.between(before, after);
    // Only the 2x2 overlap of the old fine patch (rank 1) and the new one (rank 0) holds data to move.
    assertThat(plan.transfers()).containsExactly(Transfer.of(1, 1, 7, Box.of2d(4, 4, 5, 5), 1, 0, 32));
  }

  @Test
  void transfersMustMoveSomething() {
    assertThatThrownBy(() -> Transfer.of(0, 0, 0, DOMAIN, 1, 1, 8)).hasMessageContaining("transfer.toRank = 1");
  }
}
