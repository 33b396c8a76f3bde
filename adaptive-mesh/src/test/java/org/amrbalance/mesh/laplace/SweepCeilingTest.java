package org.amrbalance.mesh.laplace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SweepCeilingTest {
  @Test
  void sweepsWholeBlocksOnOneThreadAndOnSeveral() {
    SweepCeiling.Result r = SweepCeiling.measure(1000, 16, 2, 3, 2);
    // 1000 cells need 4 blocks of 256: the cells are rounded up to whole blocks.
    assertThat(r.cells()).isEqualTo(1024);
    assertThat(r.threads()).isEqualTo(2);
    assertThat(r.serialSeconds()).isPositive();
    assertThat(r.parallelSeconds()).isPositive();
  }

  @Test
  void speedupIsSerialOverParallelTime() {
    assertThat(new SweepCeiling.Result(1024, 2, 2.0, 0.5).speedup()).isEqualTo(4.0);
  }

  @Test
  void everyThreadGetsABlockEvenWhenTheCellsFitInOne() {
    assertThat(SweepCeiling.measure(10, 8, 3, 1, 1).cells()).isEqualTo(3 * 64);
  }

  @Test
  void refusesNonsense() {
    assertThatThrownBy(() -> SweepCeiling.measure(0, 16, 2, 1, 1)).hasMessageContaining("cells, boxSide, threads");
    assertThatThrownBy(() -> SweepCeiling.measure(100, 1, 2, 1, 1)).hasMessageContaining("boxSide >= 2");
    assertThatThrownBy(() -> SweepCeiling.measure(100, 16, 0, 1, 1)).hasMessageContaining("must be >= 1");
  }
}
