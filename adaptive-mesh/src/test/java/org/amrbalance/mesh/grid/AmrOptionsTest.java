package org.amrbalance.mesh.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AmrOptionsTest {
  @Test
  void rejectsBadShapesWithTheFieldAndValue() {
    AmrOptions d = AmrOptions.defaults();
    assertThatThrownBy(() -> d.withLevels(-1, 2)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxLevel = -1: must be >= 0");
    assertThatThrownBy(() -> d.withLevels(2, 3)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ratio[0] = 3: refinement ratio must be 2 or 4");
    assertThatThrownBy(() -> d.withRatios(2, 4, 3)).hasMessageContaining("ratio[2] = 3");
    assertThatThrownBy(() -> d.withGhostWidth(0)).hasMessageContaining("ghostWidth = 0");
    assertThatThrownBy(() -> d.withNestingBuffer(1))
        .hasMessageContaining("nestingBuffer = 1: BIQUADRATIC needs at least 2");
    assertThatThrownBy(() -> d.withFlagBuffer(-1)).hasMessageContaining("flagBuffer = -1");
    assertThatThrownBy(() -> d.withBaseBoxSize(1)).hasMessageContaining("baseBoxSize = 1");
  }

  @Test
  void ratiosAreComparedByContentAndCopiedInAndOut() {
    int[] ratios = {2, 4};
    AmrOptions o = AmrOptions.defaults().withRatios(ratios);
    ratios[0] = 3;
    o.ratios()[1] = 3;
    assertThat(o.ratios()).containsExactly(2, 4);
    assertThat(o).isEqualTo(AmrOptions.defaults().withRatios(2, 4))
        .hasSameHashCodeAs(AmrOptions.defaults().withRatios(2, 4)).isNotEqualTo(AmrOptions.defaults());
    assertThat(o.toString()).contains("ratios=[2, 4]");
    assertThatThrownBy(() -> AmrOptions.defaults().withRatios((int[]) null))
        .hasMessage("ratios = null: must not be null");
    assertThatThrownBy(() -> AmrOptions.defaults().withInterpolation(null))
        .hasMessage("interpolation = null: must not be null");
    assertThatThrownBy(() -> AmrOptions.defaults().withCluster(null)).hasMessage("cluster = null: must not be null");
  }

  @Test
  void acceptsRatiosTwoAndFour() {
    AmrOptions o = AmrOptions.defaults().withRatios(2, 4, 2);
    assertThat(o.maxLevel()).isEqualTo(3);
    assertThat(o.ratio(1)).isEqualTo(4);
    assertThat(AmrOptions.defaults().withLevels(0, 2).maxLevel()).isZero();
    assertThat(AmrOptions.defaults().withInterpolation(Interpolation.BILINEAR).withNestingBuffer(1).nestingBuffer())
        .isEqualTo(1);
  }
}
