package org.amrbalance.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
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
    Assignment placed = new InheritingPlacement().balance(
        BalanceProblem.of(now, Machine.fullyConnected(3)).withPrevious(before));
    assertThat(placed.rankOf(0)).isEqualTo(0);
    assertThat(placed.rankOf(1)).isEqualTo(1);
    assertThat(placed.rankOf(5)).isEqualTo(2);
    assertThat(placed.rankOf(6)).isEqualTo(1);
  }
}
