package org.amrbalance.balancers.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WeightedMedianCutTest {

  @Test
  void cutsAtTheWeightedMedian() {
    assertThat(WeightedMedianCut.choose(new double[] {1, 1, 1, 1}, 0.5)).isEqualTo(2);
    // target 2/3 of 10 = 6.67: the cumulative loads are 0, 1, 3, 6, 10, so 3 slabs go low.
    assertThat(WeightedMedianCut.choose(new double[] {1, 2, 3, 4}, 2.0 / 3)).isEqualTo(3);
    assertThat(WeightedMedianCut.choose(new double[] {9, 1, 1, 1}, 0.5)).isEqualTo(1);
  }

  @Test
  void tiesGoToTheProportionalPositionThenTheLowerCut() {
    // Cuts 1..4 all leave 4 below; 2.5 is the proportional position, 2 and 3 are equally near: 2 wins.
    assertThat(WeightedMedianCut.choose(new double[] {4, 0, 0, 0, 4}, 0.5)).isEqualTo(2);
    // Nothing to balance: split by volume.
    assertThat(WeightedMedianCut.choose(new double[] {0, 0, 0, 0, 0, 0}, 1.0 / 3)).isEqualTo(2);
  }

  @Test
  void anEmptySideWinsOnlyWhenOneSlabCannotBeShared() {
    // Target 6 of 9: giving the heavy slab to the lower part misses by 3, keeping it up misses by 6.
    assertThat(WeightedMedianCut.choose(new double[] {0, 0, 9}, 2.0 / 3)).isEqualTo(3);
  }

  @Test
  void bestSeparatingKeepsDataOnItsOwners() {
    assertThat(WeightedMedianCut.bestSeparating(new double[] {5, 5, 0, 0}, new double[] {0, 0, 5, 5}, 0))
        .isEqualTo(2);
    assertThat(WeightedMedianCut.bestSeparating(new double[] {5, 5, 5, 0}, new double[] {0, 0, 0, 5}, 1))
        .isEqualTo(3);
    // No data owned: the preferred cut.
    assertThat(WeightedMedianCut.bestSeparating(new double[4], new double[4], 3)).isEqualTo(3);
  }

  @Test
  void rejectsBadArguments() {
    assertThatThrownBy(() -> WeightedMedianCut.choose(new double[] {1, -1}, 0.5))
        .hasMessageContaining("profile[1] = -1.0");
    assertThatThrownBy(() -> WeightedMedianCut.choose(new double[] {1}, 1.5)).hasMessageContaining("fraction = 1.5");
    assertThatThrownBy(() -> WeightedMedianCut.choose(new double[0], 0.5)).hasMessageContaining("profile.length = 0");
    assertThatThrownBy(() -> WeightedMedianCut.bestSeparating(new double[2], new double[3], 0))
        .hasMessageContaining("upperOwned.length = 3");
    assertThatThrownBy(() -> WeightedMedianCut.bestSeparating(new double[2], new double[2], 3))
        .hasMessageContaining("preferred = 3");
  }
}
