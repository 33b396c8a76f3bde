package org.amrbalance.mesh.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.amrbalance.spi.Box;
import org.junit.jupiter.api.Test;

class PhysicalBoundaryTest {
  private static final DirichletBoundary G = (x, y) -> Math.sin(3 * x) + x * y;

  /**
   * The rule cell by cell, as the class comment states it, over a window laid out row by row (a mirror outside the
   * window reads NaN); a block's storage is such a window over its grown box.
   */
  private static void referenceExtend(double[] buf, Box box, Box dom, double h) {
    int nx = box.length(0);
    for (int j = box.lo(1); j <= box.hi(1); j++) {
      for (int i = box.lo(0); i <= box.hi(0); i++) {
        if (!dom.containsCell(i, j)) {
          int mi = i < dom.lo(0) ? 2 * dom.lo(0) - 1 - i : i > dom.hi(0) ? 2 * dom.hi(0) + 1 - i : i;
          int mj = j < dom.lo(1) ? 2 * dom.lo(1) - 1 - j : j > dom.hi(1) ? 2 * dom.hi(1) + 1 - j : j;
          double x = i < dom.lo(0) ? dom.lo(0) * h : i > dom.hi(0) ? (dom.hi(0) + 1) * h : (i + 0.5) * h;
          double y = j < dom.lo(1) ? dom.lo(1) * h : j > dom.hi(1) ? (dom.hi(1) + 1) * h : (j + 0.5) * h;
          double inside = box.containsCell(mi, mj) ? buf[(mi - box.lo(0)) + (mj - box.lo(1)) * nx] : Double.NaN;
          buf[(i - box.lo(0)) + (j - box.lo(1)) * nx] = 2 * G.value(x, y) - inside;
        }
      }
    }
  }

  @Test
  void extendsAWindowExactlyAsTheCellByCellRule() {
    Box dom = Box.of2d(0, 0, 15, 11);
    double h = 1.0 / 16;
    for (Box w : new Box[] {Box.of2d(-2, -2, 3, 3), Box.of2d(12, 8, 17, 13), Box.of2d(-1, 4, 16, 6),
        Box.of2d(4, -2, 9, 1), Box.of2d(4, 4, 9, 7), Box.of2d(-3, -1, 2, 0)}) {
      Random rnd = new Random(w.hashCode());
      double[] buf = new double[Math.toIntExact(w.volume())];
      for (int k = 0; k < buf.length; k++) {
        buf[k] = rnd.nextDouble();
      }
      double[] expected = buf.clone();
      PhysicalBoundary.extend(buf, w, dom, h, G);
      referenceExtend(expected, w, dom, h);
      assertThat(buf).as("window %s", w).containsExactly(expected);
    }
  }

  @Test
  void fillsTheGhostCellsOutsideTheDomainExactlyAsTheCellByCellRuleAndNothingElse() {
    Box dom = Box.of2d(0, 0, 31, 23);
    double h = 1.0 / 32;
    // Corners, edges, a block spanning the domain's width, and one inside it (nothing to fill).
    for (Box b : new Box[] {Box.of2d(0, 0, 7, 7), Box.of2d(24, 16, 31, 23), Box.of2d(0, 10, 31, 13),
        Box.of2d(10, 0, 17, 5), Box.of2d(8, 8, 15, 15), Box.of2d(0, 0, 31, 23)}) {
      for (int ghost = 1; ghost <= 2; ghost++) {
        Random rnd = new Random(b.hashCode() + ghost);
        GridData filled = GridData.create(b, ghost);
        double[] raw = filled.raw();
        for (int k = 0; k < raw.length; k++) {
          raw[k] = rnd.nextDouble();
        }
        GridData expected = GridData.create(b, ghost);
        System.arraycopy(raw, 0, expected.raw(), 0, raw.length);
        PhysicalBoundary.fill(filled, dom, h, G);
        referenceExtend(expected.raw(), expected.grownBox(), dom, h);
        assertThat(filled.raw()).as("block %s, ghost width %d", b, ghost).containsExactly(expected.raw());
      }
    }
  }
}
