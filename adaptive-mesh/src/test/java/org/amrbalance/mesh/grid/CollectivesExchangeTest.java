package org.amrbalance.mesh.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.spi.Box;
import org.junit.jupiter.api.Test;

class CollectivesExchangeTest {
  @Test
  void deliversEachMoveToItsDestinationOnly() {
    // Rank r holds block r, whose cells all hold the value 10 r + 1.
    List<Block> blocks = List.of(new Block(0, 0, Box.ofSize(2, 2)), new Block(0, 1, Box.of2d(2, 0, 3, 1)),
        new Block(0, 2, Box.of2d(4, 0, 5, 1)));
    List<CellMove> moves = List.of(
        new CellMove(0, 1, blocks.get(0), Box.of2d(1, 0, 1, 1)),
        new CellMove(2, 0, blocks.get(2), Box.of2d(4, 0, 4, 0)),
        new CellMove(1, 1, blocks.get(1), Box.of2d(2, 1, 3, 1)),
        new CellMove(2, 1, blocks.get(2), Box.of2d(5, 1, 5, 1)));
    List<List<double[]>> got = ThreadCollectives.run(3, comm -> {
      GridExchange ex = CollectivesExchange.of(comm);
      GridData mine = GridData.create(blocks.get(comm.rank()).box(), 0);
      mine.fill(10 * comm.rank() + 1);
      List<double[]> out = new ArrayList<>(ex.move(moves, b -> {
        assertThat(b).isEqualTo(blocks.get(comm.rank())); // a rank reads only its own block
        return mine;
      }));
      assertThat(ex.maxAll(comm.rank())).isEqualTo(2);
      assertThat(ex.sumAll(comm.rank())).isEqualTo(3);
      return out;
    });
    assertThat(got.get(0).get(1)).containsExactly(21);
    assertThat(got.get(0).get(0)).isNull();
    assertThat(got.get(1).get(0)).containsExactly(1, 1);
    assertThat(got.get(1).get(2)).containsExactly(11, 11);
    assertThat(got.get(1).get(3)).containsExactly(21);
    assertThat(got.get(2)).containsOnlyNulls();
  }
}
