package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random, mostly invalid inputs to the SPI's factories end in a valid object or an IllegalArgumentException whose
 * message has the "field = value: why" form; never another exception.
 */
class ConstructionFuzzTest {
  private static final int CASES = 10_000;

  @Test
  void randomBoxSetsGiveAHierarchyOrAClearError() {
    Random rnd = new Random(11);
    int valid = 0;
    int assignments = 0;
    int validAssignments = 0;
    for (int c = 0; c < CASES; c++) {
      int dim = 1 + rnd.nextInt(3);
      int n = 4 + rnd.nextInt(8);
      List<Patch> patches = new ArrayList<>();
      int count = rnd.nextInt(12);
      for (int i = 0; i < count; i++) {
        int level = rnd.nextInt(3);
        int[] lo = new int[dim];
        int[] hi = new int[dim];
        for (int d = 0; d < dim; d++) {
          lo[d] = rnd.nextInt(n << level) - 1;
          hi[d] = lo[d] + rnd.nextInt(n) - 1; // sometimes inverted
        }
        int id = rnd.nextInt(count + 2) - (rnd.nextInt(20) == 0 ? 3 : 0);
        double work = rnd.nextInt(30) == 0 ? Double.NaN : rnd.nextInt(30) == 0 ? -1 : rnd.nextDouble() * 100;
        patches.add(attempt(() -> Patch.of(id, level, Box.of(lo, hi), work)));
      }
      patches.removeIf(p -> p == null);
      int[] ratios = {2 + rnd.nextInt(2) - (rnd.nextInt(30) == 0 ? 2 : 0), 2};
      int[] size = new int[dim];
      java.util.Arrays.fill(size, n);
      Hierarchy h = attempt(() -> Hierarchy.of(Box.ofSize(size), ratios, patches));
      if (h != null) {
        valid++;
        int ranks = rnd.nextInt(5);
        List<Piece> pieces = new ArrayList<>();
        for (Patch p : h.patches()) {
          if (rnd.nextInt(20) > 0) {
            Box b = p.box();
            if (b.length(0) > 1 && rnd.nextBoolean()) {
              int at = b.lo(0) + 1 + rnd.nextInt(b.length(0) - 1) + (rnd.nextInt(15) == 0 ? 1 : 0);
              Box[] halves = attempt(() -> b.split(0, at));
              if (halves != null) {
                pieces.add(Piece.of(p.id(), halves[0], rnd.nextInt(5)));
                pieces.add(Piece.of(p.id(), halves[1].grow(rnd.nextInt(10) == 0 ? 1 : 0).orElseThrow(),
                    rnd.nextInt(5)));
              }
            } else {
              pieces.add(Piece.of(p.id(), b, rnd.nextInt(5)));
            }
          }
        }
        Assignment a = attempt(() -> Assignment.of(h, ranks, pieces));
        assignments++;
        if (a != null) {
          validAssignments++;
          BalanceReport r = BalanceReport.of(BalanceProblem.of(h, Machine.fullyConnected(ranks)), a);
          assertThat(r.averageLoad() * ranks).isCloseTo(h.totalWork(), org.assertj.core.api.Assertions.within(1e-6));
        }
      }
    }
    System.out.printf("fuzz Hierarchy.of: %d random box sets, %d valid, %d rejected, 0 unexpected;"
        + " Assignment.of: %d random piece sets, %d valid, %d rejected, 0 unexpected%n", CASES, valid, CASES - valid,
        assignments, validAssignments, assignments - validAssignments);
    assertThat(valid).as("some random inputs are valid").isGreaterThan(CASES / 100);
    assertThat(validAssignments).as("some random piece sets are valid").isPositive();
    assertThat(assignments - validAssignments).as("some random piece sets are rejected").isPositive();
  }

  private static <T> T attempt(java.util.function.Supplier<T> make) {
    try {
      return make.get();
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).matches("(?s)[^=]+ = .*: .+");
      return null;
    }
  }
}
