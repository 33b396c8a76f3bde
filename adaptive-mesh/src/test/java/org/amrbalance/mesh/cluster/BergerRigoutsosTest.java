package org.amrbalance.mesh.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.amrbalance.spi.Box;
import org.junit.jupiter.api.Test;

class BergerRigoutsosTest {
  private static final Box FIELD = Box.ofSize(64, 64);

  private static FlagField disk(double cx, double cy, double r) {
    FlagField f = FlagField.over(FIELD);
    for (int j = 0; j < 64; j++) {
      for (int i = 0; i < 64; i++) {
        if (Math.hypot(i + 0.5 - cx, j + 0.5 - cy) <= r) {
          f.set(i, j);
        }
      }
    }
    return f;
  }

  private static FlagField ring(double cx, double cy, double r, double width) {
    FlagField f = FlagField.over(FIELD);
    for (int j = 0; j < 64; j++) {
      for (int i = 0; i < 64; i++) {
        double d = Math.hypot(i + 0.5 - cx, j + 0.5 - cy);
        if (d <= r && d > r - width) {
          f.set(i, j);
        }
      }
    }
    return f;
  }

  /** Every flag covered, sizes in range, boxes disjoint and inside the field; returns the overall efficiency. */
  private static double checkCover(FlagField flags, List<Box> boxes, ClusterOptions o) {
    for (int[] c : flags.cells()) {
      assertThat(boxes.stream().filter(b -> b.containsCell(c)).count())
          .as("boxes covering flagged cell (%d,%d)", c[0], c[1]).isEqualTo(1);
    }
    long volume = 0;
    for (int a = 0; a < boxes.size(); a++) {
      Box b = boxes.get(a);
      assertThat(flags.box().contains(b)).as("%s inside the field", b).isTrue();
      for (int d = 0; d < 2; d++) {
        assertThat(b.length(d)).as("side %d of %s", d, b).isBetween(o.minBoxSize(), o.maxBoxSize());
      }
      for (int c = a + 1; c < boxes.size(); c++) {
        assertThat(b.intersects(boxes.get(c))).as("%s overlaps %s", b, boxes.get(c)).isFalse();
      }
      volume += b.volume();
    }
    return (double) flags.count() / volume;
  }

  @Test
  void coversADiskEfficiently() {
    ClusterOptions o = ClusterOptions.of(0.8, 2, 16);
    FlagField flags = disk(30, 34, 12);
    List<Box> boxes = BergerRigoutsos.of(o).cluster(flags);
    assertThat(checkCover(flags, boxes, o)).isGreaterThanOrEqualTo(0.8);
    assertThat(boxes.size()).isGreaterThan(1);
  }

  @Test
  void coversARingEfficiently() {
    ClusterOptions o = ClusterOptions.of(0.7, 1, 32);
    FlagField flags = ring(32, 32, 20, 3);
    List<Box> boxes = BergerRigoutsos.of(o).cluster(flags);
    assertThat(checkCover(flags, boxes, o)).isGreaterThanOrEqualTo(0.7);
  }

  @Test
  void coversStraightAndDiagonalLines() {
    ClusterOptions o = ClusterOptions.of(0.9, 1, 32);
    FlagField straight = FlagField.over(FIELD);
    straight.setAll(Box.of2d(3, 40, 60, 41));
    List<Box> boxes = BergerRigoutsos.of(o).cluster(straight);
    assertThat(checkCover(straight, boxes, o)).isEqualTo(1.0);
    assertThat(boxes).hasSize(2); // 58 cells long, at most 32 per box

    FlagField diagonal = FlagField.over(FIELD);
    for (int k = 5; k < 55; k++) {
      diagonal.set(k, k);
      diagonal.set(k + 1, k);
    }
    ClusterOptions loose = ClusterOptions.of(0.6, 1, 32);
    assertThat(checkCover(diagonal, BergerRigoutsos.of(loose).cluster(diagonal), loose)).isGreaterThanOrEqualTo(0.6);
  }

  @Test
  void separatesTwoBlobsAtTheHoleBetweenThem() {
    ClusterOptions o = ClusterOptions.of(0.7, 2, 32);
    FlagField flags = disk(12, 12, 6);
    for (int[] c : disk(48, 44, 7).cells()) {
      flags.set(c[0], c[1]);
    }
    List<Box> boxes = BergerRigoutsos.of(o).cluster(flags);
    assertThat(checkCover(flags, boxes, o)).isGreaterThanOrEqualTo(0.7);
    // No box may bridge the hole between the blobs.
    for (Box b : boxes) {
      assertThat(b.hi(0) < 32 || b.lo(0) >= 32).as("%s spans both blobs", b).isTrue();
    }
  }

  @Test
  void keepsTheMinimumSizeForASingleCell() {
    ClusterOptions o = ClusterOptions.of(0.9, 4, 8);
    FlagField flags = FlagField.over(FIELD);
    flags.set(0, 63);
    List<Box> boxes = BergerRigoutsos.of(o).cluster(flags);
    assertThat(boxes).containsExactly(Box.of2d(0, 60, 3, 63));
  }

  @Test
  void randomPatternsKeepEveryInvariant() {
    Random rnd = new Random(20261121L);
    for (int trial = 0; trial < 40; trial++) {
      int min = 1 + rnd.nextInt(3);
      ClusterOptions o = ClusterOptions.of(0.5 + 0.45 * rnd.nextDouble(), min, 2 * min + rnd.nextInt(20));
      FlagField flags = FlagField.over(FIELD);
      int blobs = 1 + rnd.nextInt(4);
      for (int b = 0; b < blobs; b++) {
        double cx = rnd.nextInt(64);
        double cy = rnd.nextInt(64);
        double r = 1 + rnd.nextInt(10);
        for (int[] c : disk(cx, cy, r).cells()) {
          flags.set(c[0], c[1]);
        }
      }
      checkCover(flags, BergerRigoutsos.of(o).cluster(flags), o);
    }
  }

  @Test
  void neverCoversAForbiddenCell() {
    ClusterOptions o = ClusterOptions.of(0.5, 2, 32);
    FlagField flags = disk(32, 32, 10);
    FlagField forbidden = FlagField.over(FIELD);
    forbidden.setAll(Box.of2d(0, 0, 63, 63));
    for (int[] c : flags.cells()) {
      for (int dj = -1; dj <= 1; dj++) {
        for (int di = -1; di <= 1; di++) {
          forbidden.clear(c[0] + di, c[1] + dj); // allowed: the flags and one ring around them
        }
      }
    }
    List<Box> boxes = BergerRigoutsos.of(o).cluster(flags, forbidden);
    for (Box b : boxes) {
      assertThat(forbidden.count(b)).as("forbidden cells in %s", b).isZero();
    }
    for (int[] c : flags.cells()) {
      assertThat(boxes.stream().anyMatch(b -> b.containsCell(c))).isTrue();
    }
  }

  @Test
  void rejectsBadOptionsAndFlaggedForbiddenCells() {
    assertThatThrownBy(() -> ClusterOptions.of(0, 2, 8)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("efficiency = 0.0");
    assertThatThrownBy(() -> ClusterOptions.of(0.7, 0, 8)).hasMessageContaining("minBoxSize = 0");
    assertThatThrownBy(() -> ClusterOptions.of(0.7, 4, 7)).hasMessageContaining("maxBoxSize = 7");
    FlagField flags = FlagField.over(FIELD);
    flags.set(3, 3);
    FlagField forbidden = FlagField.over(FIELD);
    forbidden.set(3, 3);
    assertThatThrownBy(() -> BergerRigoutsos.of(ClusterOptions.defaults()).cluster(flags, forbidden))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(3,3)");
  }
}
