package org.amrbalance.balancers.packing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LinearAllocatorTest {
  private static final LinearAllocator UNIT = LinearAllocator.of(1, 1, 100, 0);

  @Test
  void figure52PathLengths() {
    // A level-2 grid generated on {P0, P1}: on {P0, P1} no inter-grid path (X = 2, a = -2); on {P0..P3} P1
    // talks to P3, two hops (X = 4, a = -2).
    assertThat(LinearAllocator.pathLength(0, 2, 0, 2)).isZero();
    assertThat(LinearAllocator.pathLength(0, 4, 0, 2)).isEqualTo(2);
    assertThat(LinearAllocator.pathLength(0, 2, 0, 2) - 2).isEqualTo(-2 + 2 - 2);
    assertThat(LinearAllocator.pathLength(0, 4, 0, 2) - 4).isEqualTo(-2);
    // Shifted left of its sources: the leftmost processor is the far one.
    assertThat(LinearAllocator.pathLength(1, 2, 4, 1)).isEqualTo(3);
  }

  @Test
  void singleGridOptimumFollowsTheDerivative() {
    // X* = max(M/S_p, sqrt(U_comp M / (U_comm S_p))).
    assertThat(UNIT.optimalProcessors(10_000)).isCloseTo(100, within(1e-9));
    LinearAllocator computeHeavy = LinearAllocator.of(100, 1, 100, 0);
    assertThat(computeHeavy.optimalProcessors(400)).isCloseTo(20, within(1e-9));
    assertThat(UNIT.optimalProcessors(400)).isCloseTo(4, within(1e-9));
    // In the one-packet regime (M/X <= S_p) the stationary point of U_comp M/X + U_comm S_p (X + a) is a
    // minimum: T at X* is below T one processor either side.
    LinearAllocator.Grid g = LinearAllocator.Grid.of(400, 0, 1);
    int x = computeHeavy.optimalProcessors(g, 1000);
    assertThat(x).isEqualTo(20);
    assertThat(computeHeavy.gridTime(g, 0, x)).isLessThanOrEqualTo(computeHeavy.gridTime(g, 0, x - 1));
    assertThat(computeHeavy.gridTime(g, 0, x)).isLessThanOrEqualTo(computeHeavy.gridTime(g, 0, x + 1));
  }

  @Test
  void propertyIntervalsAreDisjointInsideTheArrayAndTheIterationNeverRaisesT() {
    Random rnd = new Random(541L);
    for (int t = 0; t < 2000; t++) {
      int n = 1 + rnd.nextInt(64);
      int m = 1 + rnd.nextInt(n);
      List<LinearAllocator.Grid> grids = new ArrayList<>();
      for (int j = 0; j < m; j++) {
        grids.add(LinearAllocator.Grid.of(1 + rnd.nextInt(5000), rnd.nextInt(n), 1 + rnd.nextInt(3)));
      }
      LinearAllocator alloc = LinearAllocator.of(0.5 + rnd.nextDouble() * 4, 0.5 + rnd.nextDouble(),
          10 + rnd.nextInt(200), rnd.nextInt(10));
      LinearAllocator.Result res = alloc.allocate(grids, n);
      boolean[] used = new boolean[n];
      double worst = 0;
      for (int j = 0; j < m; j++) {
        assertThat(res.processors(j)).as("instance %d grid %d", t, j).isGreaterThanOrEqualTo(1);
        assertThat(res.left(j)).isGreaterThanOrEqualTo(0);
        assertThat(res.right(j)).isLessThan(n);
        for (int p = res.left(j); p <= res.right(j); p++) {
          assertThat(used[p]).as("instance %d: processor %d twice", t, p).isFalse();
          used[p] = true;
        }
        worst = Math.max(worst, alloc.gridTime(grids.get(j), res.left(j), res.processors(j)));
      }
      assertThat(res.time()).isCloseTo(worst, within(1e-9 * Math.max(1, worst)));
    }
  }

  @Test
  void reducingThePushersPullsTheSlowGridBackToItsSource() {
    // Two grids generated on P0 and P1 of 16, each with optimum X* = max(100/10, sqrt(10)) = 10: together too
    // many, so step 1 scales both to 8, and the first pushes the second to [8, 15], 14 hops from its source.
    // The iteration trades processors of the first for a shorter path of the second.
    LinearAllocator alloc = LinearAllocator.of(1, 1, 10, 0);
    List<LinearAllocator.Grid> grids = List.of(LinearAllocator.Grid.of(100, 0, 1), LinearAllocator.Grid.of(100, 1, 1));
    LinearAllocator.Result res = alloc.allocate(grids, 16);
    assertThat(res.iterations()).isPositive();
    double before = Math.max(alloc.gridTime(grids.get(0), 0, 8), alloc.gridTime(grids.get(1), 8, 8));
    assertThat(before).isEqualTo(100.0 / 8 + 12.5 * 14);
    assertThat(res.time()).isLessThan(before);
    assertThat(res.left(1)).isLessThan(8);
  }
}
