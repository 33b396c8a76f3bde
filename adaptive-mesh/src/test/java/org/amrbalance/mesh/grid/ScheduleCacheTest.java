package org.amrbalance.mesh.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.junit.jupiter.api.Test;

/** Schedules are computed once per layout and used for every exchange on it; a new layout gets new ones. */
class ScheduleCacheTest {
  private static final DirichletBoundary F = (x, y) -> x + 2 * y;

  private static Layout layout() {
    Hierarchy h = Hierarchy.of(Box.ofSize(16, 16), new int[] {2}, List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 7, 15)),
        Patch.of(1, 0, Box.of2d(8, 0, 15, 15)),
        Patch.of(2, 1, Box.of2d(8, 0, 23, 15))));
    return Layout.of(Assignment.of(h, 3, List.of(Piece.of(0, Box.of2d(0, 0, 7, 15), 0),
        Piece.of(1, Box.of2d(8, 0, 15, 15), 1), Piece.of(2, Box.of2d(8, 0, 14, 15), 1),
        Piece.of(2, Box.of2d(15, 0, 23, 15), 2))));
  }

  @Test
  void eachExchangeOfALayoutRunsFromTheSameScheduleUntilTheLayoutChanges() {
    RecordingExchange x = new RecordingExchange(LocalExchange.of(3));
    GridHierarchy g = GridHierarchy.create(Box.ofSize(16, 16), 1.0 / 16, AmrOptions.defaults().withLevels(1, 2), x,
        layout());
    for (int n = 0; n < 3; n++) {
      g.fillGhosts(0, F);
      g.fillGhosts(1, F);
      g.exchangeSiblings(1);
      g.restrict(1);
    }
    assertThat(x.distinct(ExchangeKind.GHOST_FILL)).as("one per level").hasSize(2);
    assertThat(x.distinct(ExchangeKind.INTERPOLATION)).hasSize(1);
    assertThat(x.distinct(ExchangeKind.RESTRICTION)).hasSize(1);
    assertThat(x.runs()).as("ghosts of 0; interpolation and ghosts of 1; siblings; restriction").hasSize(3 * 5);

    Set<MoveSchedule> before = x.distinct(ExchangeKind.GHOST_FILL);
    g.install(layout(), F);
    g.fillGhosts(1, F);
    assertThat(x.distinct(ExchangeKind.GHOST_FILL)).as("the new layout's schedules are new").hasSize(3)
        .containsAll(before);
  }
}
