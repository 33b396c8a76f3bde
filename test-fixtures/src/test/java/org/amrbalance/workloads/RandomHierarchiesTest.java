package org.amrbalance.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.amrbalance.spi.Hierarchy;
import org.junit.jupiter.api.Test;

class RandomHierarchiesTest {

  @Test
  void generatesValidReproducibleHierarchiesInEveryDimension() {
    for (int dim = 1; dim <= 3; dim++) {
      RandomHierarchies gen = RandomHierarchies.defaults().dim(dim).levels(4).maxChildren(3);
      for (long seed = 0; seed < 50; seed++) {
        Hierarchy h = gen.generate(seed); // Hierarchy.of checks nesting and overlap
        assertThat(h.dim()).isEqualTo(dim);
        assertThat(gen.generate(seed)).isEqualTo(h);
      }
    }
    Hierarchy deep = RandomHierarchies.defaults().levels(3).maxChildren(6).generate(3);
    assertThat(deep.levelCount()).isGreaterThan(1);
    assertThat(RandomHierarchies.defaults().rootTiles(4).generate(1).level(0)).hasSize(16);
  }

  @Test
  void rejectsBadSettings() {
    assertThatThrownBy(() -> RandomHierarchies.defaults().dim(4)).hasMessageContaining("dim = 4");
    assertThatThrownBy(() -> RandomHierarchies.defaults().ratio(1)).hasMessageContaining("ratio = 1");
  }
}
