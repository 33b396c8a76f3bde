package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PatchTest {
  private final Box box = Box.of2d(0, 0, 3, 3);

  @Test
  void defaultsToCellCountWorkAndOneDoublePerCell() {
    Patch p = Patch.of(3, 1, box);
    assertThat(p.work()).isEqualTo(16);
    assertThat(p.payloadBytes()).isEqualTo(16 * 8);
    assertThat(p.workDensity()).isEqualTo(1.0);
    assertThat(p.declaredParentIds()).isEmpty();
    assertThat(p.withParents(7, 2).declaredParentIds()).containsExactly(2, 7);
  }

  @Test
  void negativeOrNanWorkIsRejectedNamingThePatch() {
    assertThatThrownBy(() -> Patch.of(3, 0, box, -1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("patch 3 work = -1.0");
    assertThatThrownBy(() -> Patch.of(3, 0, box, Double.NaN)).hasMessageContaining("patch 3 work = NaN");
    assertThatThrownBy(() -> Patch.of(3, 0, box).withWork(Double.POSITIVE_INFINITY))
        .hasMessageContaining("patch 3 work = Infinity");
  }

  @Test
  void otherBadFieldsAreRejected() {
    assertThatThrownBy(() -> Patch.of(-1, 0, box)).hasMessageContaining("patch.id = -1");
    assertThatThrownBy(() -> Patch.of(2, -1, box)).hasMessageContaining("patch 2 level = -1");
    assertThatThrownBy(() -> Patch.of(2, 0, box).withPayloadBytes(-5)).hasMessageContaining("payloadBytes = -5");
    assertThatThrownBy(() -> Patch.of(2, 0, box).withParents(1)).hasMessageContaining("level-0 patch has no parent");
    assertThatThrownBy(() -> Patch.of(2, 1, box).withParents(1, 1)).hasMessageContaining("names parent 1 twice");
  }
}
