package org.amrbalance.balancers.packing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ShelfPackerTest {

  @Test
  void propertyValidUnrotatedAndShapedLikeTheMesh() {
    Random rnd = new Random(143L);
    for (int t = 0; t < 2000; t++) {
      List<Item> items = RandomItems.rectangles(rnd, 1 + rnd.nextInt(40), 1 + rnd.nextInt(40));
      double ratio = 1 + rnd.nextInt(3) * 0.5;
      Packing p = ShelfPacker.defaults().withGrowth(0.02).pack(items, ratio);
      PackingChecks.assertValid(items, p, "instance " + t);
      long totalWidth = 0;
      for (Item i : items) {
        // LP keeps every grid's own orientation.
        assertThat(p.placement(i.id()).rotated()).isFalse();
        assertThat(p.placement(i.id()).width()).isEqualTo(i.width());
        totalWidth += i.width();
      }
      // The width search stops once W/H reaches R, or when every grid fits on one level, and returns that
      // packing or the one before it (1% to 2% narrower bin): far from R only if levels are few.
      assertThat(p.width() >= ratio * p.height() * 0.5 || p.width() >= totalWidth * 0.9)
          .as("instance %d: %s for R = %s", t, p, ratio).isTrue();
    }
  }

  @Test
  void levelsAlternateDirectionAndLaterGridsDropDown() {
    // Bin of width 10: level 0 runs left to right and holds 6x4 and 4x3; level 1 runs right to left, so its
    // 5x2 spans [5, 10) and drops onto the highest grid below, the 6x4 (top 4) at x = 5.
    List<Item> items = List.of(Item.of(0, 6, 4), Item.of(1, 4, 3), Item.of(2, 5, 2), Item.of(3, 3, 1));
    Packing p = ShelfPacker.packLevels(List.of(items.get(0), items.get(1), items.get(2), items.get(3)), 10);
    assertThat(p.placement(0).x()).isZero();
    assertThat(p.placement(1).x()).isEqualTo(6);
    assertThat(p.placement(2).x()).isEqualTo(5);
    assertThat(p.placement(2).y()).isEqualTo(4);
    // 3x1 fits on level 1 to the left of the 5x2 (x = 2), dropping onto the 6x4 at height 4.
    assertThat(p.placement(3).x()).isEqualTo(2);
    assertThat(p.placement(3).y()).isEqualTo(4);
    PackingChecks.assertValid(items, p, "levels");
  }
}
