package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BoxTest {

  @Test
  void volumeAndSurfaceInEachDimension() {
    assertThat(Box.of1d(3, 7).volume()).isEqualTo(5);
    assertThat(Box.of1d(3, 7).surface()).isEqualTo(2);
    assertThat(Box.of1d(4, 4).surface()).isEqualTo(1);
    assertThat(Box.of2d(0, 0, 3, 3).surface()).isEqualTo(12);
    assertThat(Box.of2d(0, 0, 1, 5).surface()).isEqualTo(12); // two columns: every cell on the boundary
    assertThat(Box.of3d(0, 0, 0, 2, 2, 2).volume()).isEqualTo(27);
    assertThat(Box.of3d(0, 0, 0, 2, 2, 2).surface()).isEqualTo(26);
    assertThat(Box.ofSize(4, 2)).isEqualTo(Box.of2d(0, 0, 3, 1));
  }

  @Test
  void intersectionOverlapAndContainment() {
    Box a = Box.of2d(0, 0, 7, 7);
    Box b = Box.of2d(4, 6, 9, 12);
    assertThat(a.intersection(b)).contains(Box.of2d(4, 6, 7, 7));
    assertThat(a.overlapVolume(b)).isEqualTo(8);
    assertThat(a.intersection(Box.of2d(8, 0, 9, 1))).isEmpty();
    assertThat(a.overlapVolume(Box.of2d(8, 0, 9, 1))).isZero();
    assertThat(a.contains(Box.of2d(1, 1, 7, 7))).isTrue();
    assertThat(a.contains(b)).isFalse();
    assertThat(a.containsCell(7, 0)).isTrue();
    assertThat(a.containsCell(8, 0)).isFalse();
  }

  @Test
  void sharedFaceAreaCountsOnlyFaceContact() {
    Box left = Box.of2d(0, 0, 3, 7);
    assertThat(left.sharedFaceArea(Box.of2d(4, 2, 9, 12))).isEqualTo(6);
    assertThat(left.sharedFaceArea(Box.of2d(4, 8, 9, 12))).isZero(); // corner only
    assertThat(left.sharedFaceArea(Box.of2d(5, 0, 9, 7))).isZero(); // gap of one cell
    assertThat(Box.of3d(0, 0, 0, 1, 1, 1).sharedFaceArea(Box.of3d(0, 0, 2, 1, 1, 5))).isEqualTo(4);
  }

  @Test
  void coarsenRoundsOutwardAndRefineIsItsInverseOnAlignedBoxes() {
    assertThat(Box.of2d(-3, 1, 5, 6).coarsen(2)).isEqualTo(Box.of2d(-2, 0, 2, 3));
    assertThat(Box.of2d(0, 0, 1, 1).refine(4)).isEqualTo(Box.of2d(0, 0, 7, 7));
    Box aligned = Box.of2d(4, 8, 11, 15);
    assertThat(aligned.coarsen(4).refine(4)).isEqualTo(aligned);
    assertThat(aligned.isCoarsenable(4)).isTrue();
    assertThat(Box.of2d(1, 0, 3, 3).isCoarsenable(2)).isFalse();
  }

  @Test
  void splitLeavesTwoBoxesThatTileTheOriginal() {
    Box b = Box.of3d(0, 0, 0, 9, 4, 2);
    Box[] halves = b.split(0, 6);
    assertThat(halves[0]).isEqualTo(Box.of3d(0, 0, 0, 5, 4, 2));
    assertThat(halves[1]).isEqualTo(Box.of3d(6, 0, 0, 9, 4, 2));
    assertThat(halves[0].volume() + halves[1].volume()).isEqualTo(b.volume());
    assertThatThrownBy(() -> b.split(0, 0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at = 0");
    assertThatThrownBy(() -> b.split(3, 1)).hasMessageContaining("axis = 3");
  }

  @Test
  void growAndShift() {
    assertThat(Box.of2d(0, 0, 3, 3).grow(1)).contains(Box.of2d(-1, -1, 4, 4));
    assertThat(Box.of2d(0, 0, 1, 3).grow(-1)).isEmpty();
    assertThat(Box.of1d(2, 4).shift(3)).isEqualTo(Box.of1d(5, 7));
    assertThat(Box.of2d(0, 1, 2, 3).longestAxis()).isEqualTo(0);
    assertThat(Box.of2d(0, 0, 2, 5).longestAxis()).isEqualTo(1);
  }

  @Test
  void invertedBoxIsRejectedNamingTheAxisAndValue() {
    assertThatThrownBy(() -> Box.of2d(0, 5, 3, 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hi[1] = 4")
        .hasMessageContaining("lo[1] = 5");
  }

  @Test
  void badDimensionsAreRejected() {
    assertThatThrownBy(() -> Box.of(new int[0], new int[0])).hasMessageContaining("lo.length = 0");
    assertThatThrownBy(() -> Box.of(new int[4], new int[4])).hasMessageContaining("lo.length = 4");
    assertThatThrownBy(() -> Box.of(new int[2], new int[3])).hasMessageContaining("hi.length = 3");
    assertThatThrownBy(() -> Box.ofSize(3, 0)).hasMessageContaining("size[1] = 0");
    assertThatThrownBy(() -> Box.of2d(0, 0, 1, 1).intersects(Box.of1d(0, 1))).hasMessageContaining("other.dim = 1");
  }

  @Test
  void valueSemanticsAndDefensiveCopies() {
    int[] lo = {0, 0};
    Box b = Box.of(lo, new int[] {2, 2});
    lo[0] = 99;
    assertThat(b.lo(0)).isZero();
    b.lo()[1] = 42;
    assertThat(b.lo(1)).isZero();
    assertThat(b).isEqualTo(Box.of2d(0, 0, 2, 2)).hasSameHashCodeAs(Box.of2d(0, 0, 2, 2));
    assertThat(b.toString()).isEqualTo("((0,0) (2,2))");
    // AMReX's cell-centred text form, as BoxArray and Cell_H files hold it.
    assertThat(b.toAmrexText()).isEqualTo("((0,0) (2,2) (0,0))");
    assertThat(Box.of(new int[] {1, 2, 3}, new int[] {4, 5, 6}).toAmrexText()).isEqualTo("((1,2,3) (4,5,6) (0,0,0))");
  }
}
