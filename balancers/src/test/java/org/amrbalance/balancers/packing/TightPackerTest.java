package org.amrbalance.balancers.packing;

import org.amrbalance.balancers.packing.GridPackingOptions.OrientationRule;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TightPackerTest {

  @Test
  void firstGridLandsAtTheOrigin() {
    Packing p = TightPacker.defaults().pack(List.of(Item.of(7, 5, 3)), 1.0);
    assertThat(p.placement(7).x()).isZero();
    assertThat(p.placement(7).y()).isZero();
    assertThat(p.width()).isEqualTo(5);
    assertThat(p.height()).isEqualTo(3);
  }

  @Test
  void anExactSizeHoleIsFilled() {
    // Correction 1: p >= w, not p > w.
    Corner hole = new Corner(4, 2, 2, 3, 5);
    assertThat(hole.fits(2, 3)).isTrue();
    assertThat(hole.fits(3, 2)).isFalse();
    // 2x3 lies at the origin (3x2), 1x4 stands beside it at (3, 0), the 1x2 lies on top at (0, 2): the cell
    // (2, 2) is a hole exactly 1 wide (p = 1) between the 2x1 and the 1x4, and the 1x1 must go there.
    List<Item> items = List.of(Item.of(0, 2, 3), Item.of(1, 1, 4), Item.of(2, 1, 1), Item.of(3, 1, 2));
    Packing p = TightPacker.defaults().pack(items, 1.0);
    PackingChecks.assertValid(items, p, "hole");
    assertThat(p.placement(2).x()).isEqualTo(2);
    assertThat(p.placement(2).y()).isEqualTo(2);
    assertThat(p.width()).isEqualTo(4);
    assertThat(p.height()).isEqualTo(4);
  }

  @Test
  void rotationIsTriedEvenWhenTheGridFitsUnrotated() {
    // A 10x10 square, then a 10x1 grid on a mesh of ratio 1.5. Unrotated it fits at both corners: beside
    // (20x10, score 20) and on top (10x11, score 16.5); turned upright beside it gives 11x10, score 15. The
    // printed code tries the rotation only when the grid does not fit; the corrected TP picks it.
    Packing p = TightPacker.defaults().pack(List.of(Item.of(0, 10, 10), Item.of(1, 10, 1)), 1.5);
    assertThat(p.placement(1).rotated()).isTrue();
    assertThat(p.placement(1).x()).isEqualTo(10);
    assertThat(p.width()).isEqualTo(11);
    assertThat(p.height()).isEqualTo(10);
    // On a tall mesh (R = 0.5) lying on top is best: 10x11 scores 10, upright beside scores 11.
    Packing tall = TightPacker.defaults().pack(List.of(Item.of(0, 10, 10), Item.of(1, 10, 1)), 0.5);
    assertThat(tall.placement(1).rotated()).isFalse();
    assertThat(tall.placement(1).y()).isEqualTo(10);
  }

  @Test
  void cornerTiesGoToTheOldestCornerAndOrientationTiesToOrientationZero() {
    // Square mesh, 2x2 then 1x1: corners (2,0) and (0,2) both score 3; the SE corner (created first) wins,
    // and the square has no orientation to choose.
    Packing p = TightPacker.defaults().pack(List.of(Item.of(0, 2, 2), Item.of(1, 1, 1)), 1.0);
    assertThat(p.placement(1).x()).isEqualTo(2);
    assertThat(p.placement(1).y()).isZero();
    // A 2x1 grid alone: both orientations score 2 on a square mesh; orientation 0 (long side along x) wins.
    Packing q = TightPacker.defaults().pack(List.of(Item.of(0, 1, 2)), 1.0);
    assertThat(q.placement(0).width()).isEqualTo(2);
    assertThat(q.placement(0).rotated()).isTrue();
  }

  @Test
  void propertyNoOverlapEverythingInsideForThousandsOfInstances() {
    Random rnd = new Random(20260101L);
    PackingOrder[] orders = PackingOrder.values();
    double[] ratios = {1.0, 1.5, 2.0, 3.0, 0.5};
    for (int t = 0; t < 3000; t++) {
      int m = 1 + rnd.nextInt(t < 2500 ? 25 : 80);
      List<Item> items = RandomItems.rectangles(rnd, m, 1 + rnd.nextInt(40));
      TightPacker packer = TightPacker.defaults()
          .withOrder(orders[t % orders.length])
          .withRule(t % 3 == 0 ? OrientationRule.DIAGONAL : OrientationRule.FREE)
          .withHolePruning(t % 4 == 1);
      double r = ratios[t % ratios.length];
      Packing p = packer.pack(items, r);
      PackingChecks.assertValid(items, p, "instance " + t);
    }
  }

  @Test
  void theorem532CornerInvariantsHoldAfterEveryGrid() {
    Random rnd = new Random(532L);
    for (int t = 0; t < 400; t++) {
      List<Item> items = RandomItems.rectangles(rnd, 1 + rnd.nextInt(14), 1 + rnd.nextInt(9));
      TightPacker packer = TightPacker.defaults().withOrder(PackingOrder.values()[t % 5])
          .withRule(t % 2 == 0 ? OrientationRule.FREE : OrientationRule.DIAGONAL);
      double ratio = t % 3 == 0 ? 1.0 : 1.7;
      String ctx = "instance " + t;
      packer.packTraced(items, ratio, s -> checkCorners(s, ctx));
    }
  }

  /** Corner regions empty, sizes equal to the ray lengths, every free cell of the box covered by a corner. */
  private static void checkCorners(TightPacker.State s, String ctx) {
    long w = s.width;
    long h = s.height;
    boolean[][] occupied = new boolean[(int) w + 1][(int) h + 1];
    for (Placement g : s.placed) {
      for (long x = g.x(); x < g.right(); x++) {
        for (long y = g.y(); y < g.top(); y++) {
          assertThat(occupied[(int) x][(int) y]).as("%s: overlap at (%d,%d)", ctx, x, y).isFalse();
          occupied[(int) x][(int) y] = true;
        }
      }
    }
    for (Corner c : s.corners) {
      long ray = Corner.INFINITE;
      for (Placement g : s.placed) {
        if (g.y() <= c.y && c.y < g.top() && g.x() >= c.x) {
          ray = Math.min(ray, g.x() - c.x);
        }
      }
      assertThat(c.p).as("%s: p of %s is the horizontal ray", ctx, c).isEqualTo(ray);
      ray = Corner.INFINITE;
      for (Placement g : s.placed) {
        if (g.x() <= c.x && c.x < g.right() && g.y() >= c.y) {
          ray = Math.min(ray, g.y() - c.y);
        }
      }
      assertThat(c.q).as("%s: q of %s is the vertical ray", ctx, c).isEqualTo(ray);
      for (Placement g : s.placed) {
        boolean inside = g.x() < satAdd(c.x, c.p) && c.x < g.right() && g.y() < satAdd(c.y, c.q) && c.y < g.top();
        assertThat(inside).as("%s: %s lies in the region of %s", ctx, g, c).isFalse();
      }
    }
    for (int x = 0; x < w; x++) {
      for (int y = 0; y < h; y++) {
        if (occupied[x][y]) {
          continue;
        }
        boolean covered = false;
        for (Corner c : s.corners) {
          covered |= c.x <= x && x - c.x < c.p && c.y <= y && y - c.y < c.q;
        }
        assertThat(covered).as("%s: free cell (%d,%d) lies in no corner region", ctx, x, y).isTrue();
      }
    }
  }

  private static long satAdd(long a, long b) {
    return b == Corner.INFINITE ? Corner.INFINITE : a + b;
  }

  /** w*, the longest side of any item. */
  private static long longestSide(List<Item> items) {
    return items.stream().mapToLong(Item::longSide).max().orElse(0);
  }

  /** W_opt >= max(sqrt(A), w*) (spec section 8.4); W_TP is the longer side of the TP box. */
  private static double optimalWidthLowerBound(List<Item> items) {
    long area = items.stream().mapToLong(Item::area).sum();
    return Math.max(Math.sqrt(area), longestSide(items));
  }

  @Test
  void theorem533BoundHoldsForRectangles() {
    Random rnd = new Random(533L);
    TightPacker modified = TightPacker.forWorstCaseBounds();
    for (int t = 0; t < 3000; t++) {
      List<Item> items = RandomItems.rectangles(rnd, 1 + rnd.nextInt(t < 2500 ? 30 : 120), 1 + rnd.nextInt(60));
      Packing p = modified.pack(items, 1.0);
      long wStar = longestSide(items);
      double wOptLower = optimalWidthLowerBound(items);
      long wTp = Math.max(p.width(), p.height());
      assertThat((double) wTp).as("instance %d: %s", t, p).isLessThanOrEqualTo(Math.sqrt(2) * wOptLower + 3 * wStar);
      assertThat(Math.abs(p.width() - p.height())).as("instance %d: |W - H| of %s", t, p)
          .isLessThanOrEqualTo(wStar);
    }
  }

  @Test
  void theorem534BoundHoldsForSquares() {
    Random rnd = new Random(534L);
    TightPacker modified = TightPacker.forWorstCaseBounds();
    for (int t = 0; t < 3000; t++) {
      List<Item> items = RandomItems.squares(rnd, 1 + rnd.nextInt(t < 2500 ? 30 : 120), 1 + rnd.nextInt(60));
      Packing p = modified.pack(items, 1.0);
      long wStar = longestSide(items);
      double wOptLower = optimalWidthLowerBound(items);
      long wTp = Math.max(p.width(), p.height());
      assertThat((double) wTp).as("instance %d: %s", t, p).isLessThanOrEqualTo(Math.sqrt(2) * wOptLower + 2 * wStar);
      assertThat(Math.abs(p.width() - p.height())).as("instance %d", t).isLessThanOrEqualTo(wStar);
    }
  }

  @Test
  void decreasingAreaPacksDenserThanDecreasingRatioOnAverage() {
    Random rnd = new Random(510L);
    double area = 0;
    double ratio = 0;
    for (int t = 0; t < 300; t++) {
      List<Item> items = RandomItems.rectangles(rnd, 40, 30);
      area += TightPacker.defaults().withOrder(PackingOrder.DECREASING_AREA).pack(items, 1.0).score(1.0);
      ratio += TightPacker.defaults().withOrder(PackingOrder.DECREASING_ASPECT_RATIO).pack(items, 1.0).score(1.0);
    }
    assertThat(area).isLessThan(ratio);
  }

  @Test
  void rejectsBadRatioAndDuplicateIds() {
    assertThatThrownBy(() -> TightPacker.defaults().pack(List.of(Item.of(0, 1, 1)), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio = 0.0");
    List<Item> dup = new ArrayList<>(List.of(Item.of(1, 2, 2), Item.of(1, 3, 3)));
    assertThatThrownBy(() -> TightPacker.defaults().pack(dup, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("placement.id = 1");
    assertThatThrownBy(() -> Item.of(0, 0, 3)).hasMessageContaining("item 0 width = 0");
  }
}
