package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Seeded random rectangles for property tests. */
final class RandomItems {
  private RandomItems() {}

  /** m rectangles with sides in [1, maxSide]; one in three instances draws sides from a narrow band. */
  static List<Item> rectangles(Random rnd, int m, int maxSide) {
    List<Item> items = new ArrayList<>(m);
    boolean narrow = rnd.nextInt(3) == 0;
    int base = 1 + rnd.nextInt(maxSide);
    for (int i = 0; i < m; i++) {
      long w;
      long h;
      if (narrow) {
        w = clamp(base + rnd.nextInt(5) - 2, maxSide);
        h = clamp(base / 2 + rnd.nextInt(5) - 2, maxSide);
      } else {
        w = 1 + rnd.nextInt(maxSide);
        h = 1 + rnd.nextInt(maxSide);
      }
      items.add(Item.of(i, w, h));
    }
    return items;
  }

  static List<Item> squares(Random rnd, int m, int maxSide) {
    List<Item> items = new ArrayList<>(m);
    for (int i = 0; i < m; i++) {
      long s = 1 + rnd.nextInt(maxSide);
      items.add(Item.of(i, s, s));
    }
    return items;
  }

  private static long clamp(long v, int max) {
    return Math.max(1, Math.min(max, v));
  }
}
