package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AssignmentTest {
  private final Hierarchy h = Hierarchy.of(Box.of2d(0, 0, 7, 7), new int[] {2},
      List.of(Patch.of(0, 0, Box.of2d(0, 0, 7, 7)), Patch.of(1, 1, Box.of2d(0, 0, 5, 5))));

  @Test
  void piecesThatTileEveryPatchAreAccepted() {
    Assignment a = Assignment.of(h, 4, List.of(
        Piece.of(0, Box.of2d(0, 0, 3, 7), 0),
        Piece.of(0, Box.of2d(4, 0, 7, 3), 1),
        Piece.of(0, Box.of2d(4, 4, 7, 7), 2),
        Piece.of(1, Box.of2d(0, 0, 5, 5), 3)));
    assertThat(a.piecesOf(0)).hasSize(3);
    assertThat(a.piecesOn(3)).extracting(Piece::patchId).containsExactly(1);
    assertThat(a.isWholeGrid()).isFalse();
    assertThat(a.rankOf(1)).isEqualTo(3);
    assertThatThrownBy(() -> a.rankOf(0)).hasMessageContaining("cut into 3 pieces");
  }

  @Test
  void wholeGridFactories() {
    Assignment a = Assignment.wholeGrids(h, 2, id -> id);
    assertThat(a.isWholeGrid()).isTrue();
    assertThat(a.rankOf(1)).isEqualTo(1);
    assertThat(Assignment.wholeGrids(h, 2, Map.of(0, 1, 1, 0)).rankOf(0)).isEqualTo(1);
    assertThatThrownBy(() -> Assignment.wholeGrids(h, 2, Map.of(0, 1)))
        .hasMessageContaining("patch 1").hasMessageContaining("not assigned");
  }

  @Test
  void aGapIsRejected() {
    assertThatThrownBy(() -> Assignment.of(h, 4, List.of(
        Piece.of(0, Box.of2d(0, 0, 3, 7), 0),
        Piece.of(0, Box.of2d(4, 0, 7, 6), 1),
        Piece.of(1, Box.of2d(0, 0, 5, 5), 3))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("patch 0 pieces")
        .hasMessageContaining("leave 4 cells");
  }

  @Test
  void anOverlapIsRejected() {
    assertThatThrownBy(() -> Assignment.of(h, 4, List.of(
        Piece.of(0, Box.of2d(0, 0, 4, 7), 0),
        Piece.of(0, Box.of2d(4, 0, 7, 7), 1),
        Piece.of(1, Box.of2d(0, 0, 5, 5), 3))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("piece.box = ((0,0) (4,7))")
        .hasMessageContaining("overlaps piece box ((4,0) (7,7))");
  }

  /** Patch 0 cut into its 64 cells, given in reverse order, the cell (2, 0) grown over the cell (3, 0). */
  private static List<Piece> cellsOfPatch0(boolean overlap) {
    List<Piece> pieces = new ArrayList<>();
    for (int y = 7; y >= 0; y--) {
      for (int x = 7; x >= 0; x--) {
        int x1 = overlap && x == 2 && y == 0 ? 3 : x;
        pieces.add(Piece.of(0, Box.of2d(x, y, x1, y), x % 4));
      }
    }
    pieces.add(Piece.of(1, Box.of2d(0, 0, 5, 5), 3));
    return pieces;
  }

  @Test
  void manyPiecesOfOnePatchAreCheckedAndOrderedByCorner() {
    Assignment a = Assignment.of(h, 4, cellsOfPatch0(false));
    assertThat(a.piecesOf(0)).hasSize(64);
    assertThat(a.piecesOf(0).get(0).box()).isEqualTo(Box.of2d(0, 0, 0, 0));
    assertThat(a.piecesOf(0).get(1).box()).isEqualTo(Box.of2d(0, 1, 0, 1));
    assertThat(a.piecesOf(0).get(63).box()).isEqualTo(Box.of2d(7, 7, 7, 7));
    assertThatThrownBy(() -> Assignment.of(h, 4, cellsOfPatch0(true)))
        .hasMessageContaining("piece.box = ((3,0) (3,0))")
        .hasMessageContaining("overlaps piece box ((2,0) (3,0))");
  }

  @Test
  void fewPiecesAreOrderedByLowThenHighCorner() {
    Assignment a = Assignment.of(h, 4, List.of(
        Piece.of(0, Box.of2d(4, 4, 7, 7), 2),
        Piece.of(0, Box.of2d(0, 4, 3, 7), 1),
        Piece.of(0, Box.of2d(4, 0, 7, 3), 0),
        Piece.of(0, Box.of2d(0, 0, 3, 3), 3),
        Piece.of(1, Box.of2d(0, 0, 5, 5), 3)));
    assertThat(a.piecesOf(0)).extracting(Piece::rank).containsExactly(3, 1, 0, 2);
  }

  @Test
  void aPieceOutsideItsPatchIsRejected() {
    assertThatThrownBy(() -> Assignment.of(h, 4, List.of(
        Piece.of(0, Box.of2d(0, 0, 7, 7), 0),
        Piece.of(1, Box.of2d(0, 0, 5, 6), 3))))
        .hasMessageContaining("piece.box = ((0,0) (5,6))").hasMessageContaining("outside patch 1");
  }

  @Test
  void ranksOutOfRangeMissingAndUnknownPatchesAreRejected() {
    assertThatThrownBy(() -> Assignment.wholeGrids(h, 2, id -> 2)).hasMessageContaining("piece.rank = 2");
    assertThatThrownBy(() -> Piece.of(0, Box.of2d(0, 0, 1, 1), -1)).hasMessageContaining("piece.rank = -1");
    assertThatThrownBy(() -> Assignment.wholeGrids(h, 0, id -> 0)).hasMessageContaining("ranks = 0");
    assertThatThrownBy(() -> Assignment.of(h, 4, List.of(Piece.of(0, Box.of2d(0, 0, 7, 7), 0))))
        .hasMessageContaining("patch 1 pieces").hasMessageContaining("not assigned");
    assertThatThrownBy(() -> Assignment.of(h, 4, List.of(
        Piece.of(0, Box.of2d(0, 0, 7, 7), 0), Piece.of(1, Box.of2d(0, 0, 5, 5), 0), Piece.of(7, Box.of2d(0, 0, 1, 1), 0))))
        .hasMessageContaining("piece.patchId = 7");
  }
}
