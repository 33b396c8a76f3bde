package org.amrbalance.balancers.packing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;

/** Assertions every packing must satisfy. */
final class PackingChecks {
  private PackingChecks() {}

  /** Every item placed once with its own sides (possibly turned), inside the box, no two overlapping. */
  static void assertValid(Collection<Item> items, Packing packing, String context) {
    assertThat(packing.size()).as(context).isEqualTo(items.size());
    for (Item item : items) {
      Placement p = packing.placement(item.id());
      boolean same = p.width() == item.width() && p.height() == item.height();
      boolean turned = p.width() == item.height() && p.height() == item.width();
      assertThat(same || turned).as("%s: %s keeps the sides of %s", context, p, item).isTrue();
      assertThat(p.x() >= 0 && p.y() >= 0 && p.right() <= packing.width() && p.top() <= packing.height())
          .as("%s: %s inside %dx%d", context, p, packing.width(), packing.height()).isTrue();
    }
    List<Placement> all = packing.placements();
    for (int i = 0; i < all.size(); i++) {
      for (int j = i + 1; j < all.size(); j++) {
        assertThat(all.get(i).overlaps(all.get(j))).as("%s: %s overlaps %s", context, all.get(i), all.get(j))
            .isFalse();
      }
    }
    long w = 0;
    long h = 0;
    for (Placement p : all) {
      w = Math.max(w, p.right());
      h = Math.max(h, p.top());
    }
    assertThat(packing.width()).as(context).isEqualTo(w);
    assertThat(packing.height()).as(context).isEqualTo(h);
  }
}
