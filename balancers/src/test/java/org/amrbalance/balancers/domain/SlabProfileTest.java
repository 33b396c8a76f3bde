package org.amrbalance.balancers.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.amrbalance.spi.Box;
import org.junit.jupiter.api.Test;

class SlabProfileTest {
  /** Levels 0..3 with ratio 2, on 2-D and 3-D lattices of every level. */
  private static final int[] RATIOS = {1, 2, 4, 8};

  /** Random boxes on random levels inside a domain of 40 level-0 cells a side, with random whole densities. */
  private static Fragments random(int dim, int count, SplittableRandom random, boolean whole) {
    Fragments f = new Fragments(dim, RATIOS, 0);
    for (int i = 0; i < count; i++) {
      int level = random.nextInt(RATIOS.length);
      int side = 40 * RATIOS[level];
      int[] lo = new int[dim];
      int[] hi = new int[dim];
      for (int d = 0; d < dim; d++) {
        lo[d] = random.nextInt(side);
        hi[d] = Math.min(side - 1, lo[d] + random.nextInt(3 * RATIOS[level] + 1));
      }
      double density = whole ? random.nextInt(5) : random.nextDouble();
      f.add(i, level, Box.of(lo, hi), density, -1);
    }
    return f;
  }

  private static double[] slabBySlab(Fragments f, int axis, int at0, int length) {
    double[] profile = new double[length];
    for (int i = 0; i < f.size(); i++) {
      SlabProfile.addSlabBySlab(f, i, axis, at0, profile);
    }
    return profile;
  }

  @Test
  void wholeNumbersGiveTheSameProfileAsAddingSlabBySlab() {
    // One builder for every region and lattice, as in a dissection: its arrays are reused, larger or smaller.
    SlabProfile profiles = new SlabProfile();
    SplittableRandom random = new SplittableRandom(16);
    for (int dim = 2; dim <= 3; dim++) {
      Fragments f = random(dim, 500, random, true);
      assertThat(f.wholeNumbers()).isTrue();
      for (int level = 0; level < RATIOS.length; level++) {
        f.useLattice(RATIOS[level]);
        int length = 40 * RATIOS[level];
        for (int axis = 0; axis < dim; axis++) {
          assertThat(profiles.of(f, 0, f.size(), axis, 0, length))
              .containsExactly(slabBySlab(f, axis, 0, length));
        }
      }
    }
  }

  @Test
  void aRegionAwayFromTheOriginCountsItsSlabsFromItsLowCorner() {
    // One level-0 cell at x = 5 spreads over lattice cells 10 and 11 of level 1 and lies in 11 by its centre; a
    // level-2 box over x = 20..23 fills level-1 cells 10 and 11, two cells each.
    Fragments f = new Fragments(2, new int[] {1, 2, 4}, 0);
    f.add(0, 0, Box.of2d(5, 0, 5, 0), 3, -1);
    f.add(1, 2, Box.of2d(20, 0, 23, 1), 1, -1);
    f.useLattice(2);
    assertThat(new SlabProfile().of(f, 0, 2, 0, 10, 3)).containsExactly(4, 7, 0);
    assertThat(slabBySlab(f, 0, 10, 3)).containsExactly(4, 7, 0);
  }

  @Test
  void otherDensitiesAreAddedSlabBySlab() {
    Fragments f = random(2, 200, new SplittableRandom(7), false);
    assertThat(f.wholeNumbers()).isFalse();
    f.useLattice(2);
    assertThat(new SlabProfile().of(f, 0, f.size(), 1, 0, 80)).containsExactly(slabBySlab(f, 1, 0, 80));
  }

  @Test
  void aLoadBeyondTheExactIntegersOfADoubleIsNotWhole() {
    Fragments f = new Fragments(2, new int[] {1}, 0);
    f.add(0, 0, Box.of2d(0, 0, 1023, 1023), 0x1p33, -1);
    assertThat(f.wholeNumbers()).isFalse();
  }
}
