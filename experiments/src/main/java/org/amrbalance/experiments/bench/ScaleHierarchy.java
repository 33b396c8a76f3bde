package org.amrbalance.experiments.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * A seeded 2-D hierarchy of exactly {@code grids} patches on three levels (ratio 2), built in time linear in
 * the patch count so that 10^5 grids take well under a second: 40% of the patches form a flat level 0 of small
 * tiles (4 to 12 cells a side, laid row by row), 30% refine level 0 and 30% refine level 1. A refined patch is
 * one quadrant of its parent's refined box, shrunk by a random margin, so each has exactly one parent and the
 * hierarchy is properly nested by construction. Work is the cell count (the {@link Patch#of} default).
 */
public final class ScaleHierarchy {
  /** Smallest grid count: one tile per level at least. */
  public static final int MIN_GRIDS = 3;
  private static final int MIN_TILE = 4;
  private static final int MAX_TILE = 12;
  private static final int RATIO = 2;

  private ScaleHierarchy() {}

  /** The hierarchy of {@code grids} patches drawn with {@code seed}. */
  public static Hierarchy generate(int grids, long seed) {
    if (grids < MIN_GRIDS) {
      throw new IllegalArgumentException("grids = " + grids + ": must be >= " + MIN_GRIDS);
    }
    SplittableRandom random = new SplittableRandom(seed);
    int n1 = Math.max(1, (int) (grids * 0.3));
    int n2 = Math.max(1, (int) (grids * 0.3));
    int n0 = grids - n1 - n2;
    int columns = (int) Math.ceil(Math.sqrt(n0));
    int rows = (n0 + columns - 1) / columns;
    int[] colLo = cuts(columns, random);
    int[] rowLo = cuts(rows, random);
    Box domain = Box.of2d(0, 0, colLo[columns] - 1, rowLo[rows] - 1);

    List<Patch> patches = new ArrayList<>(grids);
    List<Patch> level0 = new ArrayList<>(n0);
    for (int k = 0; k < n0; k++) {
      int c = k % columns;
      int r = k / columns;
      Patch p = Patch.of(k, 0, Box.of2d(colLo[c], rowLo[r], colLo[c + 1] - 1, rowLo[r + 1] - 1));
      level0.add(p);
    }
    patches.addAll(level0);
    List<Patch> level1 = refine(level0, n1, 1, n0, random);
    patches.addAll(level1);
    patches.addAll(refine(level1, n2, 2, n0 + n1, random));
    return Hierarchy.of(domain, new int[] {RATIO, RATIO}, patches);
  }

  /** Cumulative tile boundaries: {@code count} tiles of random width in [MIN_TILE, MAX_TILE]. */
  private static int[] cuts(int count, SplittableRandom random) {
    int[] lo = new int[count + 1];
    for (int i = 0; i < count; i++) {
      lo[i + 1] = lo[i] + random.nextInt(MIN_TILE, MAX_TILE + 1);
    }
    return lo;
  }

  /**
   * {@code count} children of {@code parents} on {@code level}: distinct (parent, quadrant) slots drawn by a
   * partial Fisher-Yates shuffle, so quadrants of one parent never overlap.
   */
  private static List<Patch> refine(List<Patch> parents, int count, int level, int firstId,
      SplittableRandom random) {
    int slots = parents.size() * 4;
    if (count > slots) {
      throw new IllegalStateException("count = " + count + ": more than the " + slots + " quadrants");
    }
    int[] order = new int[slots];
    for (int i = 0; i < slots; i++) {
      order[i] = i;
    }
    List<Patch> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int j = random.nextInt(i, slots);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
      Patch parent = parents.get(order[i] / 4);
      int quadrant = order[i] % 4;
      out.add(Patch.of(firstId + i, level, quadrant(parent.box().refine(RATIO), quadrant, random))
          .withParents(parent.id()));
    }
    return out;
  }

  /** Quadrant {@code q} of {@code box} (split at its midpoints), shrunk by up to a quarter of its side. */
  private static Box quadrant(Box box, int q, SplittableRandom random) {
    int[] lo = new int[2];
    int[] hi = new int[2];
    for (int axis = 0; axis < 2; axis++) {
      int mid = box.lo(axis) + box.length(axis) / 2;
      boolean upper = ((q >> axis) & 1) == 1;
      int a = upper ? mid : box.lo(axis);
      int b = upper ? box.hi(axis) : mid - 1;
      int slack = (b - a + 1) / 4;
      lo[axis] = a + (slack > 0 ? random.nextInt(slack + 1) : 0);
      hi[axis] = b - (slack > 0 ? random.nextInt(slack + 1) : 0);
    }
    return Box.of(lo, hi);
  }
}
