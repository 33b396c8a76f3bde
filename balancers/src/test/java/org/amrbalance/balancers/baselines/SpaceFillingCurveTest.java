package org.amrbalance.balancers.baselines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SpaceFillingCurveTest {

  /** Every cell of the 2^bits grid, keyed; checks that the keys are exactly 0 .. 2^(dim bits) - 1. */
  private static TreeMap<Long, int[]> cells(SpaceFillingCurve curve, int dim, int bits) {
    TreeMap<Long, int[]> byKey = new TreeMap<>();
    int side = 1 << bits;
    int total = 1 << (dim * bits);
    for (int n = 0; n < total; n++) {
      int[] c = new int[dim];
      int rest = n;
      for (int d = 0; d < dim; d++) {
        c[d] = rest % side;
        rest /= side;
      }
      assertThat(byKey.put(curve.key(c, bits), c)).as("duplicate key").isNull();
    }
    assertThat(byKey.firstKey()).isZero();
    assertThat(byKey.lastKey()).isEqualTo(total - 1L);
    return byKey;
  }

  @Test
  void hilbertKeysVisitFaceNeighboursInTurnIn2dAnd3d() {
    for (int dim = 1; dim <= 3; dim++) {
      for (int bits = 1; bits <= (dim == 3 ? 3 : 5); bits++) {
        int[] previous = null;
        for (int[] c : cells(SpaceFillingCurve.HILBERT, dim, bits).values()) {
          if (previous != null) {
            int manhattan = 0;
            for (int d = 0; d < dim; d++) {
              manhattan += Math.abs(c[d] - previous[d]);
            }
            assertThat(manhattan).as("dim %d bits %d: %s after %s", dim, bits, Arrays.toString(c),
                Arrays.toString(previous)).isEqualTo(1);
          }
          previous = c;
        }
      }
    }
  }

  @Test
  void mortonInterleavesTheBitsAxisZeroFirst() {
    cells(SpaceFillingCurve.MORTON, 2, 3);
    cells(SpaceFillingCurve.MORTON, 3, 2);
    assertThat(SpaceFillingCurve.MORTON.key(new int[] {0, 1}, 1)).isEqualTo(1);
    assertThat(SpaceFillingCurve.MORTON.key(new int[] {1, 0}, 1)).isEqualTo(2);
    assertThat(SpaceFillingCurve.MORTON.key(new int[] {3, 0}, 2)).isEqualTo(0b1010);
    assertThat(SpaceFillingCurve.MORTON.key(new int[] {1, 1, 1}, 1)).isEqualTo(7);
    // The Z jumps where Hilbert does not: from (0,1) to (1,0) at keys 1 -> 2.
    TreeMap<Long, int[]> z = cells(SpaceFillingCurve.MORTON, 2, 1);
    assertThat(z.get(2L)).containsExactly(1, 0);
  }

  @Test
  void rejectsCoordinatesOutsideTheGrid() {
    assertThatThrownBy(() -> SpaceFillingCurve.HILBERT.key(new int[] {4, 0}, 2)).hasMessageContaining("coords[0] = 4");
    assertThatThrownBy(() -> SpaceFillingCurve.MORTON.key(new int[] {0, 0, 0}, 22)).hasMessageContaining("bits = 22");
  }
}
