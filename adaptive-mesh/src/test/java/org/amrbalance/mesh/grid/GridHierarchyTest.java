package org.amrbalance.mesh.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.junit.jupiter.api.Test;

class GridHierarchyTest {
  private static final double H0 = 1.0 / 16;

  /** Level 0: two 8x16 halves; level 1: one patch cut into two pieces on different ranks. */
  private static Layout layout() {
    Hierarchy h = Hierarchy.of(Box.ofSize(16, 16), new int[] {2}, List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 7, 15)),
        Patch.of(1, 0, Box.of2d(8, 0, 15, 15)),
        Patch.of(2, 1, Box.of2d(8, 0, 23, 15))));
    List<Piece> pieces = new ArrayList<>();
    pieces.add(Piece.of(0, Box.of2d(0, 0, 7, 15), 0));
    pieces.add(Piece.of(1, Box.of2d(8, 0, 15, 15), 1));
    pieces.add(Piece.of(2, Box.of2d(8, 0, 14, 15), 1));
    pieces.add(Piece.of(2, Box.of2d(15, 0, 23, 15), 2));
    return Layout.of(Assignment.of(h, 3, pieces));
  }

  private static void setAll(GridHierarchy g, int level, DirichletBoundary f) {
    double h = g.h(level);
    for (Block b : g.heldBlocks(level)) {
      GridData u = g.data(b);
      for (int j = b.box().lo(1); j <= b.box().hi(1); j++) {
        for (int i = b.box().lo(0); i <= b.box().hi(0); i++) {
          u.set(i, j, f.value((i + 0.5) * h, (j + 0.5) * h));
        }
      }
    }
  }

  private static double ghostError(GridHierarchy g, int level, DirichletBoundary f) {
    double h = g.h(level);
    double max = 0;
    for (Block b : g.heldBlocks(level)) {
      GridData u = g.data(b);
      Box grown = u.grownBox();
      for (int j = grown.lo(1); j <= grown.hi(1); j++) {
        for (int i = grown.lo(0); i <= grown.hi(0); i++) {
          max = Math.max(max, Math.abs(u.get(i, j) - f.value((i + 0.5) * h, (j + 0.5) * h)));
        }
      }
    }
    return max;
  }

  @Test
  void fillsGhostsExactlyForLinearDataFromSiblingsParentsAndBoundary() {
    GridHierarchy g = GridHierarchy.create(Box.ofSize(16, 16), H0, AmrOptions.defaults().withLevels(1, 2),
        LocalExchange.of(3), layout());
    DirichletBoundary linear = (x, y) -> 2 * x - 3 * y + 0.5;
    setAll(g, 0, linear);
    setAll(g, 1, (x, y) -> Double.NaN); // valid fine cells are overwritten below; ghosts must not read them
    g.fillGhosts(0, linear);
    assertThat(ghostError(g, 0, linear)).isLessThan(1e-12);
    setAll(g, 1, linear);
    g.fillGhosts(1, linear);
    assertThat(ghostError(g, 1, linear)).isLessThan(1e-12);
  }

  @Test
  void interpolatesQuadraticsExactlyAtCoarseFineFaces() {
    GridHierarchy g = GridHierarchy.create(Box.ofSize(16, 16), H0, AmrOptions.defaults().withLevels(1, 2),
        LocalExchange.of(3), layout());
    DirichletBoundary quad = (x, y) -> x * x - x * y + 2 * y * y;
    setAll(g, 0, quad);
    g.fillGhosts(0, quad);
    setAll(g, 1, quad);
    g.fillGhosts(1, quad);
    // The fine patch's low-x face (x = 0.25) is a coarse-fine face: biquadratic interpolation is exact there.
    for (Block b : g.heldBlocks(1)) {
      if (b.box().lo(0) == 8) {
        GridData u = g.data(b);
        for (int j = 2; j <= 15; j++) { // below, the stencil reaches the boundary ghosts (exact for linear data only)
          assertThat(u.get(7, j)).isCloseTo(quad.value(7.5 / 32, (j + 0.5) / 32), within(1e-12));
        }
      }
    }
  }

  @Test
  void restrictionAveragesTheFineCells() {
    GridHierarchy g = GridHierarchy.create(Box.ofSize(16, 16), H0, AmrOptions.defaults().withLevels(1, 2),
        LocalExchange.of(3), layout());
    setAll(g, 0, (x, y) -> 0);
    setAll(g, 1, (x, y) -> x * 100 + y);
    g.restrict(1);
    for (Block b : g.heldBlocks(0)) {
      GridData u = g.data(b);
      boolean[] covered = g.coveredMask(b);
      for (int j = b.box().lo(1); j <= b.box().hi(1); j++) {
        for (int i = b.box().lo(0); i <= b.box().hi(0); i++) {
          boolean under = i >= 4 && i <= 11 && j <= 7;
          assertThat(covered[(i - b.box().lo(0)) + (j - b.box().lo(1)) * b.box().length(0)]).isEqualTo(under);
          double expected = under ? ((i + 0.5) * H0) * 100 + (j + 0.5) * H0 : 0;
          assertThat(u.get(i, j)).isCloseTo(expected, within(1e-12));
        }
      }
    }
  }

  @Test
  void restrictsAnyFieldAndAddsInterpolatedCorrections() {
    GridHierarchy g = GridHierarchy.create(Box.ofSize(16, 16), H0, AmrOptions.defaults().withLevels(1, 2),
        LocalExchange.of(3), layout());
    java.util.Map<Block, GridData> fine = new java.util.HashMap<>();
    for (Block b : g.heldBlocks(1)) {
      GridData f = GridData.create(b.box(), 0);
      for (int j = b.box().lo(1); j <= b.box().hi(1); j++) {
        for (int i = b.box().lo(0); i <= b.box().hi(0); i++) {
          f.set(i, j, i + 100 * j);
        }
      }
      fine.put(b, f);
    }
    java.util.Map<Block, GridData> coarse = g.restrictField(1, fine);
    assertThat(coarse).hasSize(2);
    for (java.util.Map.Entry<Block, GridData> e : coarse.entrySet()) {
      Box b = e.getKey().box();
      for (int j = b.lo(1); j <= b.hi(1); j++) {
        for (int i = b.lo(0); i <= b.hi(0); i++) {
          boolean under = i >= 4 && i <= 11 && j <= 7;
          assertThat(e.getValue().get(i, j)).isEqualTo(under ? (2 * i + 0.5) + 100 * (2 * j + 0.5) : 0);
        }
      }
    }
    // A linear coarse correction, added to the fine level, arrives exactly.
    setAll(g, 1, (x, y) -> 1.0);
    java.util.Map<Block, GridData> delta = new java.util.HashMap<>();
    for (Block b : g.heldBlocks(0)) {
      GridData d = GridData.create(b.box(), 0);
      for (int j = b.box().lo(1); j <= b.box().hi(1); j++) {
        for (int i = b.box().lo(0); i <= b.box().hi(0); i++) {
          d.set(i, j, (i + 0.5) * H0 - 2 * (j + 0.5) * H0);
        }
      }
      delta.put(b, d);
    }
    g.addInterpolated(1, delta);
    double h = g.h(1);
    for (Block b : g.heldBlocks(1)) {
      for (int j = b.box().lo(1) + 2; j <= b.box().hi(1); j++) { // rows near y = 0 use the boundary rule
        for (int i = b.box().lo(0); i <= b.box().hi(0); i++) {
          assertThat(g.data(b).get(i, j)).isCloseTo(1 + (i + 0.5) * h - 2 * (j + 0.5) * h, within(1e-12));
        }
      }
    }
  }

  private static final DirichletBoundary QUAD = (x, y) -> x * x + y;

  /** {@link #layout()} on 3 ranks, level 0 set to {@link #QUAD}, level 1 to 7. */
  private static GridHierarchy seeded() {
    GridHierarchy g = GridHierarchy.create(Box.ofSize(16, 16), H0, AmrOptions.defaults().withLevels(1, 2),
        LocalExchange.of(3), layout());
    setAll(g, 0, QUAD);
    setAll(g, 1, (x, y) -> 7.0);
    return g;
  }

  @Test
  void installKeepsOldValuesAndInterpolatesNewCells() {
    GridHierarchy g = seeded();
    Hierarchy h = Hierarchy.of(Box.ofSize(16, 16), new int[] {2}, List.of(
        Patch.of(0, 0, Box.ofSize(16, 16)),
        Patch.of(5, 1, Box.of2d(12, 4, 27, 19))));
    g.install(Layout.of(Assignment.wholeGrids(h, 3, id -> id == 0 ? 2 : 0)), QUAD);
    GridData fine = g.data(g.heldBlocks(1).get(0));
    assertThat(fine.get(12, 4)).isEqualTo(7.0); // held by the old fine patch
    assertThat(fine.get(27, 19)).isCloseTo(QUAD.value(27.5 / 32, 19.5 / 32), within(1e-12));
    assertThat(g.data(g.heldBlocks(0).get(0)).get(3, 3)).isEqualTo(QUAD.value(3.5 / 16, 3.5 / 16));
  }

  @Test
  void installKeepsTheDataOfUnchangedLevelsBelowKeepOnly() {
    GridHierarchy g = seeded();
    GridHierarchy.State before = g.state();
    Hierarchy h = Hierarchy.of(Box.ofSize(16, 16), new int[] {2}, List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 7, 15)),
        Patch.of(1, 0, Box.of2d(8, 0, 15, 15)),
        Patch.of(5, 1, Box.of2d(12, 4, 27, 19))));
    Layout sameCoarse = Layout.of(Assignment.wholeGrids(h, 3, id -> id == 0 ? 0 : id == 1 ? 1 : 2));
    Block left = g.heldBlocks(0).get(0);
    GridData leftData = g.data(left);
    g.install(sameCoarse, QUAD, before, 1);
    assertThat(g.data(left)).isSameAs(leftData);
    assertThat(g.data(g.heldBlocks(1).get(0)).get(12, 4)).isEqualTo(7.0);

    GridHierarchy copied = seeded();
    GridData copiedLeft = copied.data(copied.heldBlocks(0).get(0));
    copied.install(sameCoarse, QUAD, copied.state(), 0);
    assertThat(copied.data(copied.heldBlocks(0).get(0))).isNotSameAs(copiedLeft);
    // Level 0 moved to another rank: it is copied whatever keep says.
    Layout moved = Layout.of(Assignment.wholeGrids(h, 3, id -> id == 0 ? 2 : id == 1 ? 1 : 2));
    GridData leftNow = copied.data(copied.heldBlocks(0).get(0));
    copied.install(moved, QUAD, copied.state(), 1);
    assertThat(copied.data(copied.heldBlocks(0).get(0))).isNotSameAs(leftNow);
    assertThat(copied.data(copied.heldBlocks(0).get(0)).get(3, 3)).isEqualTo(QUAD.value(3.5 / 16, 3.5 / 16));
    assertThatThrownBy(() -> copied.install(moved, QUAD, copied.state(), -1)).hasMessageContaining("keep = -1");
  }

  @Test
  void reportsANestingViolation() {
    Hierarchy h = Hierarchy.of(Box.ofSize(16, 16), new int[] {2}, List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 7, 15)),
        Patch.of(1, 0, Box.of2d(8, 0, 15, 15)),
        Patch.of(2, 1, Box.of2d(2, 2, 29, 29))));
    GridHierarchy g = GridHierarchy.create(Box.ofSize(16, 16), H0, AmrOptions.defaults().withLevels(1, 2),
        LocalExchange.of(1), Layout.of(Assignment.wholeGrids(h, 1, id -> 0)));
    // The fine patch ends 1 coarse cell from the domain edge; its ghost stencil still fits (the edge is
    // physical), so only a layout whose parent level does not cover the stencil fails.
    g.fillGhosts(0, (x, y) -> 0);
    g.fillGhosts(1, (x, y) -> 0);
    Hierarchy bad = Hierarchy.of(Box.ofSize(16, 16), new int[] {2}, List.of(
        Patch.of(0, 0, Box.ofSize(16, 16)),
        Patch.of(1, 1, Box.of2d(2, 2, 5, 5))));
    assertThatThrownBy(() -> GridHierarchy.create(Box.ofSize(8, 8), H0, AmrOptions.defaults(), LocalExchange.of(1),
        Layout.of(Assignment.wholeGrids(bad, 1, id -> 0)))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must equal ((0,0) (7,7))");
  }
}
