package org.amrbalance.mesh.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.Random;
import org.amrbalance.spi.Box;
import org.junit.jupiter.api.Test;

/** The table-backed counts, bounding boxes and signatures against a plain scan of the cells. */
class FlagFieldTest {
  @Test
  void countsBoxesAndSignaturesMatchAScanOfTheCells() {
    Random random = new Random(7);
    for (int trial = 0; trial < 200; trial++) {
      int bx = random.nextInt(7) - 3;
      int by = random.nextInt(7) - 3;
      Box box = Box.of2d(bx, by, bx + random.nextInt(20), by + random.nextInt(20));
      FlagField f = FlagField.over(box);
      double density = random.nextDouble() * 0.3;
      for (int j = box.lo(1); j <= box.hi(1); j++) {
        for (int i = box.lo(0); i <= box.hi(0); i++) {
          if (random.nextDouble() < density) {
            f.set(i, j);
          }
        }
      }
      for (int q = 0; q < 20; q++) {
        if (q == 10 && f.count() > 0) {
          // A change after the table was built must reach later answers.
          int[] c = f.cells().get(0);
          f.clear(c[0], c[1]);
          f.set(box.hi(0), box.hi(1));
        }
        int x0 = box.lo(0) - 2 + random.nextInt(box.length(0) + 4);
        int y0 = box.lo(1) - 2 + random.nextInt(box.length(1) + 4);
        Box region = Box.of2d(x0, y0, x0 + random.nextInt(12), y0 + random.nextInt(12));
        assertThat(f.count(region)).isEqualTo(scanCount(f, region));
        assertThat(f.boundingBox(region)).isEqualTo(scanBounds(f, region));
        for (int axis = 0; axis < 2; axis++) {
          long[] sig = f.signature(region, axis);
          for (int k = 0; k < sig.length; k++) {
            int at = region.lo(axis) + k;
            Box slab = axis == 0 ? Box.of2d(at, region.lo(1), at, region.hi(1))
                : Box.of2d(region.lo(0), at, region.hi(0), at);
            assertThat(sig[k]).as("axis %d, slab %s", axis, slab).isEqualTo(scanCount(f, slab));
          }
        }
      }
    }
  }

  @Test
  void refusesCellsOutsideAndAxesOtherThanTwo() {
    FlagField f = FlagField.over(Box.of2d(0, 0, 3, 3));
    assertThatThrownBy(() -> f.set(4, 0)).hasMessageContaining("outside the flag field");
    assertThatThrownBy(() -> f.signature(Box.of2d(0, 0, 1, 1), 2)).hasMessageContaining("axis = 2");
    assertThat(f.get(-1, 0)).isFalse();
  }

  private static long scanCount(FlagField f, Box region) {
    long n = 0;
    for (int j = region.lo(1); j <= region.hi(1); j++) {
      for (int i = region.lo(0); i <= region.hi(0); i++) {
        n += f.get(i, j) ? 1 : 0;
      }
    }
    return n;
  }

  private static Optional<Box> scanBounds(FlagField f, Box region) {
    int x0 = Integer.MAX_VALUE;
    int y0 = Integer.MAX_VALUE;
    int x1 = Integer.MIN_VALUE;
    int y1 = Integer.MIN_VALUE;
    for (int j = region.lo(1); j <= region.hi(1); j++) {
      for (int i = region.lo(0); i <= region.hi(0); i++) {
        if (f.get(i, j)) {
          x0 = Math.min(x0, i);
          y0 = Math.min(y0, j);
          x1 = Math.max(x1, i);
          y1 = Math.max(y1, j);
        }
      }
    }
    return x0 > x1 ? Optional.empty() : Optional.of(Box.of2d(x0, y0, x1, y1));
  }
}
