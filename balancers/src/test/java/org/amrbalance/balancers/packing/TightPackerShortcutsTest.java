package org.amrbalance.balancers.packing;

import org.amrbalance.balancers.packing.GridPackingOptions.OrientationRule;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The packer's short cuts (corner blocks, bucketed edges, dead corners) are exact: on seeded random instances,
 * including the long thin boxes of a 2^a x 1 hypercube mesh and as many grids as a block holds many times
 * over, {@link TightPacker} returns placement for placement the packing of the plain TP below, which scans
 * every corner and every packed grid for every grid as the thesis prints it.
 */
class TightPackerShortcutsTest {

  @Test
  void packsExactlyAsThePlainListScan() {
    Random rnd = new Random(20261121L);
    double[] ratios = {1, 1.7, 0.25, 4, 64, 4096};
    for (int t = 0; t < 240; t++) {
      int m = t < 200 ? 1 + rnd.nextInt(150) : 600 + rnd.nextInt(600);
      List<Item> items = RandomItems.rectangles(rnd, m, 1 + rnd.nextInt(t % 3 == 0 ? 8 : 50));
      double ratio = ratios[t % ratios.length];
      TightPacker packer = TightPacker.defaults().withOrder(PackingOrder.values()[t % 5])
          .withRule(t % 2 == 0 ? OrientationRule.FREE : OrientationRule.DIAGONAL)
          .withHolePruning(t % 4 == 1);
      Packing fast = packer.pack(items, ratio);
      List<Placement> plain = plainTightPack(packer, items, ratio);
      assertThat(fast.placements()).as("instance %d: %d grids, R = %s", t, m, ratio).isEqualTo(plain);
    }
  }

  /** TP with a plain corner list and a full scan of the packed grids (no short cuts at all). */
  private static List<Placement> plainTightPack(TightPacker packer, List<Item> items, double ratio) {
    long minHole = 1;
    if (packer.pruneHoles()) {
      minHole = Long.MAX_VALUE;
      for (Item i : items) {
        minHole = Math.min(minHole, i.shortSide());
      }
    }
    List<Corner> corners = new ArrayList<>();
    corners.add(new Corner(0, 0, Corner.INFINITE, Corner.INFINITE, 0));
    List<Placement> placed = new ArrayList<>();
    long width = 0;
    long height = 0;
    for (Item item : packer.order().sort(items)) {
      long w = item.longSide();
      long h = item.shortSide();
      CornerChoice best = null;
      for (Corner c : corners) {
        CornerChoice at = CornerChoice.at(c, w, h, width, height, ratio, packer.rule());
        if (at != null && (best == null || at.score < best.score)) {
          best = at;
        }
      }
      assertThat(best).as("a corner fits %s", item).isNotNull();
      long gw = best.rotated ? h : w;
      long gh = best.rotated ? w : h;
      Placement g = Placement.of(item.id(), best.x, best.y, gw, gh, gw != item.width() && gw != gh);
      width = Math.max(width, g.right());
      height = Math.max(height, g.top());
      long used = best.seq;
      long hole = minHole;
      corners.removeIf(c -> c.seq == used || !c.shrinkFor(g.x(), g.y(), g.width(), g.height())
          || c.p < hole || c.q < hole);
      long[] min = NewCorners.unblocked();
      for (Placement r : placed) {
        NewCorners.fold(min, r, g.x(), g.y(), g.width(), g.height());
      }
      long[] size = NewCorners.sizes(min, g.x(), g.y(), g.width(), g.height());
      placed.add(g);
      long seq = 2L * (placed.size() - 1);
      for (Corner c : List.of(new Corner(g.right(), g.y(), size[0], size[1], seq + 1),
          new Corner(g.x(), g.top(), size[2], size[3], seq + 2))) {
        if (c.p >= hole && c.q >= hole) {
          corners.add(c);
        }
      }
    }
    return placed;
  }
}
