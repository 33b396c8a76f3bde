package org.amrbalance.experiments.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.amrbalance.spi.Hierarchy;
import org.junit.jupiter.api.Test;

class ScaleHierarchyTest {
  @Test
  void exactlyTheAskedGridCountOnThreeNestedLevels() {
    for (int grids : new int[] {3, 10, 1000, 12_345}) {
      Hierarchy h = ScaleHierarchy.generate(grids, 7);
      assertThat(h.patchCount()).isEqualTo(grids);
      assertThat(h.levelCount()).isEqualTo(3);
      // Hierarchy.of checked the nesting; every fine patch has exactly its one declared parent
      h.level(2).forEach(p -> assertThat(h.parents(p.id())).hasSize(1));
    }
  }

  @Test
  void sameSeedSameHierarchyOtherSeedAnother() {
    assertThat(ScaleHierarchy.generate(500, 1)).isEqualTo(ScaleHierarchy.generate(500, 1));
    assertThat(ScaleHierarchy.generate(500, 1)).isNotEqualTo(ScaleHierarchy.generate(500, 2));
  }

  @Test
  void tooFewGridsIsRejectedNamingTheField() {
    assertThatThrownBy(() -> ScaleHierarchy.generate(2, 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("grids = 2");
  }
}
