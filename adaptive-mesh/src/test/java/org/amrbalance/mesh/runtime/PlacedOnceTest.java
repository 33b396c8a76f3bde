package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.junit.jupiter.api.Test;

/** The shadow static placement against the run's, priced step by step at the run's measured compute. */
class PlacedOnceTest {
  private static final Machine TWO = Machine.fullyConnected(2);

  private static BalanceReport report(Assignment a) {
    return BalanceReport.of(BalanceProblem.of(a.hierarchy(), TWO), a);
  }

  @Test
  void aRegridLeavesThePlacedOnceGridsWithTheirDataWhileTheRunRebalances() {
    // Before: A on rank 0, B on rank 1, one level, work 1 each.
    Hierarchy before = Hierarchy.of(Box.of2d(0, 0, 15, 7), new int[0], List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 7, 7), 1), Patch.of(1, 0, Box.of2d(8, 0, 15, 7), 1)));
    Assignment first = Assignment.wholeGrids(before, 2, id -> id);
    PlacedOnce once = new PlacedOnce();
    once.start(first);
    once.step(first, report(first), false, TWO, 2.0);
    assertThat(once.ratio()).isEqualTo(1.0);

    // After a regrid: C (1.2) where A was, D (1) where B was, E (0.5) half over each.
    Hierarchy after = Hierarchy.of(Box.of2d(0, 0, 15, 7), new int[0], List.of(
        Patch.of(2, 0, Box.of2d(0, 0, 7, 3), 1.2), Patch.of(3, 0, Box.of2d(8, 0, 15, 3), 1.0),
        Patch.of(4, 0, Box.of2d(8, 4, 15, 7), 0.5), Patch.of(5, 0, Box.of2d(0, 4, 7, 7), 0.0)));
    // The run put C and D together: its makespan is 2.2 against the 1.2 that leaving them with their data gives.
    Assignment run = Assignment.wholeGrids(after, 2, id -> id == 2 || id == 3 ? 0 : 1);
    once.step(run, report(run), true, TWO, 1.0);
    double placedOnce = 1.5; // C and F stay on rank 0 (1.2), D and E on rank 1 (1.5)
    // Compute-weighted: (2 s x 1 + 1 s x placedOnce / 2.2) / 3 s.
    assertThat(once.ratio()).isCloseTo((2.0 + placedOnce / 2.2) / 3.0, within(1e-12));
  }

  @Test
  void placingOnceKeepsEveryNewGridWithItsDataHoweverLoadedItsRankGets() {
    Hierarchy before = Hierarchy.of(Box.of2d(0, 0, 15, 7), new int[0], List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 7, 7), 1), Patch.of(1, 0, Box.of2d(8, 0, 15, 7), 1)));
    PlacedOnce once = new PlacedOnce();
    once.start(Assignment.wholeGrids(before, 2, id -> id));
    // The feature moved into rank 0's region: both new grids lie over its data. The run splits them; placing once
    // keeps both there (a bound of 1.25 x the level's average would have passed one to rank 1: a ratio of 1).
    Hierarchy after = Hierarchy.of(Box.of2d(0, 0, 15, 7), new int[0], List.of(
        Patch.of(2, 0, Box.of2d(0, 0, 7, 3), 1), Patch.of(3, 0, Box.of2d(0, 4, 7, 7), 1)));
    Assignment run = Assignment.wholeGrids(after, 2, id -> id - 2);
    once.step(run, report(run), true, TWO, 1.0);
    assertThat(once.ratio()).isCloseTo(2.0, within(1e-12));
  }
}
