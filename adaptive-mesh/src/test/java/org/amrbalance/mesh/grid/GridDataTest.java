package org.amrbalance.mesh.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.amrbalance.spi.Box;
import org.junit.jupiter.api.Test;

class GridDataTest {
  @Test
  void readsBackWhatItWrote() {
    GridData g = GridData.create(Box.of2d(4, 8, 7, 10), 2);
    assertThat(g.grownBox()).isEqualTo(Box.of2d(2, 6, 9, 12));
    Box region = Box.of2d(2, 6, 4, 7);
    g.write(region, new double[] {1, 2, 3, 4, 5, 6});
    assertThat(g.get(2, 6)).isEqualTo(1);
    assertThat(g.get(4, 6)).isEqualTo(3);
    assertThat(g.get(2, 7)).isEqualTo(4);
    assertThat(g.read(region)).containsExactly(1, 2, 3, 4, 5, 6);
    GridData c = g.copy();
    g.set(2, 6, 9);
    assertThat(c.get(2, 6)).isEqualTo(1);
  }

  @Test
  void aGridMayBeThinnerThanItsGhostWidthButNotHaveANegativeOne() {
    // One cell wide, two ghost layers: a frame of five cells across.
    assertThat(GridData.create(Box.of2d(0, 0, 0, 7), 2).grownBox()).isEqualTo(Box.of2d(-2, -2, 2, 9));
    assertThatThrownBy(() -> GridData.create(Box.ofSize(4, 4), -1)).hasMessageContaining("ghost = -1");
    assertThatThrownBy(() -> GridData.create(Box.ofSize(4, 4), 1).read(Box.of2d(-2, 0, 0, 0)))
        .hasMessageContaining("must lie in the grown box");
  }
}
