package org.amrbalance.balancers.packing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The column buckets of the level packer are exact: on seeded random instances and bin widths,
 * {@link ShelfPacker#packLevels} returns placement for placement the packing of the plain first-fit levels
 * below, which scan every placed grid for the drop-down and for overlaps.
 */
class ShelfPackerColumnsTest {

  @Test
  void packsLevelsExactlyAsThePlainScan() {
    Random rnd = new Random(1432L);
    for (int t = 0; t < 400; t++) {
      int m = t < 350 ? 1 + rnd.nextInt(80) : 300 + rnd.nextInt(400);
      List<Item> items = RandomItems.rectangles(rnd, m, 1 + rnd.nextInt(t % 3 == 0 ? 6 : 40));
      items.sort(Comparator.comparingLong(Item::height).reversed().thenComparingInt(Item::id));
      long widest = items.stream().mapToLong(Item::width).max().orElseThrow();
      long total = items.stream().mapToLong(Item::width).sum();
      long bin = widest + (long) (rnd.nextDouble() * (total - widest));
      assertThat(ShelfPacker.packLevels(items, bin).placements()).as("instance %d, bin %d", t, bin)
          .isEqualTo(plainLevels(items, bin));
    }
  }

  private static List<Placement> plainLevels(List<Item> sorted, long bin) {
    List<Placement> placed = new ArrayList<>();
    List<Integer> levelOf = new ArrayList<>();
    List<long[]> levels = new ArrayList<>();
    for (Item item : sorted) {
      Placement at = null;
      int k = 0;
      for (; at == null; k++) {
        if (k == levels.size()) {
          levels.add(new long[] {0, k % 2});
        }
        long[] level = levels.get(k);
        if (bin - level[0] < item.width()) {
          continue;
        }
        long x = level[1] == 0 ? level[0] : bin - level[0] - item.width();
        long y = 0;
        for (int i = 0; i < placed.size(); i++) {
          Placement r = placed.get(i);
          if (levelOf.get(i) < k && r.x() < x + item.width() && x < r.right()) {
            y = Math.max(y, r.top());
          }
        }
        Placement c = Placement.of(item, x, y, false);
        if (placed.stream().noneMatch(c::overlaps)) {
          level[0] += item.width();
          at = c;
        }
      }
      placed.add(at);
      levelOf.add(k - 1);
    }
    return placed;
  }
}
