package org.amrbalance.balancers.domain;

import java.util.Arrays;

/**
 * The load of each lattice slab of a region along one axis, summed from the region's fragments.
 *
 * <p>Adding a fragment slab by slab costs a loop of data-dependent length per fragment and region, most of a
 * dissection's time. When every density is a whole number and the whole hierarchy's load stays within the
 * integers a double holds exactly ({@link Fragments#wholeNumbers()}), each slab's sum is exact in any order, so
 * the profile is built from difference arrays in {@code long} instead: a few updates per fragment, then one
 * running sum per array. Both ways give the same doubles; other densities are added slab by slab, in fragment
 * order, so that their rounding does not depend on how the fragments were built.
 */
final class SlabProfile {
  /** Difference arrays, reused from region to region: a dissection visits some 10^5 regions. */
  private long[] fine = new long[0];
  private long[][] coarse = new long[0][];
  private int[] firstCell = new int[0];
  private int[] cellCount = new int[0];

  /**
   * The profile of fragments {@code [from, to)} over {@code length} slabs along {@code axis}, slab 0 at
   * {@code at0}.
   */
  double[] of(Fragments fragments, int from, int to, int axis, int at0, int length) {
    double[] profile = new double[length];
    if (fragments.wholeNumbers()) {
      addExactly(fragments, from, to, axis, at0, profile);
    } else {
      for (int f = from; f < to; f++) {
        addSlabBySlab(fragments, f, axis, at0, profile);
      }
    }
    return profile;
  }

  /** Adds fragment f's density, per lattice slab along {@code axis}, to {@code profile} (slab 0 at {@code at0}). */
  static void addSlabBySlab(Fragments fragments, int f, int axis, int at0, double[] profile) {
    int b0 = fragments.lo(f, axis);
    int b1 = fragments.hi(f, axis);
    double perCell = fragments.density(f) * fragments.crossSection(f, axis);
    int level = fragments.level(f);
    int sp = fragments.spread(level);
    if (sp > 1) {
      for (int i = b0 * sp + sp / 2 - at0, end = b1 * sp + sp / 2 - at0; i <= end; i += sp) {
        profile[i] += perCell;
      }
      return;
    }
    int s = fragments.scale(level);
    for (int x = Math.floorDiv(b0, s); x <= Math.floorDiv(b1, s); x++) {
      int overlap = Math.min(b1, x * s + s - 1) - Math.max(b0, x * s) + 1;
      profile[x - at0] += overlap * perCell;
    }
  }

  /**
   * Adds whole-number loads by difference arrays: one over the lattice slabs for the levels at least as fine as
   * the lattice (a fragment covers a run of slabs, the end ones perhaps partly), and one per coarser level over
   * its own cells (each cell lies in the slab of its centre).
   */
  private void addExactly(Fragments fragments, int from, int to, int axis, int at0, double[] profile) {
    int n = profile.length;
    int levels = fragments.levels();
    if (coarse.length < levels) {
      coarse = new long[levels][];
      firstCell = new int[levels];
      cellCount = new int[levels];
    }
    fine = cleared(fine, n + 1);
    long[] fine = this.fine;
    long[][] coarse = this.coarse;
    int[] firstCell = this.firstCell;
    int[] cells = this.cellCount;
    for (int l = 0; l < levels; l++) {
      int sp = fragments.spread(l);
      if (sp > 1) {
        firstCell[l] = -Math.floorDiv(sp / 2 - at0, sp); // the first cell whose centre is in the region
        int lastCell = Math.floorDiv(at0 + n - 1 - sp / 2, sp);
        cells[l] = Math.max(0, lastCell - firstCell[l] + 1);
        coarse[l] = cleared(coarse[l], cells[l] + 1);
      }
    }
    for (int f = from; f < to; f++) {
      int b0 = fragments.lo(f, axis);
      int b1 = fragments.hi(f, axis);
      long perCell = (long) fragments.density(f) * fragments.crossSection(f, axis);
      int level = fragments.level(f);
      if (fragments.spread(level) > 1) {
        coarse[level][b0 - firstCell[level]] += perCell;
        coarse[level][b1 + 1 - firstCell[level]] -= perCell;
        continue;
      }
      int s = fragments.scale(level);
      int x0 = fragments.latticeCell(level, b0) - at0;
      int x1 = fragments.latticeCell(level, b1) - at0;
      long first = (long) Math.min(b1 + 1, (x0 + at0 + 1) * s) - b0;
      long last = x1 == x0 ? first : b1 + 1 - (long) (x1 + at0) * s;
      long whole = s * perCell;
      // Slab x0 gets first cells, slabs x0+1 .. x1-1 get s each, slab x1 gets last (one slab: first = last).
      fine[x0] += first * perCell;
      if (x1 > x0) {
        fine[x0 + 1] += whole - first * perCell;
        fine[x1] += last * perCell - whole;
      }
      fine[x1 + 1] -= last * perCell;
    }
    long sum = 0;
    for (int x = 0; x < n; x++) {
      sum += fine[x];
      profile[x] = sum;
    }
    for (int l = 0; l < levels; l++) {
      int sp = fragments.spread(l);
      if (sp > 1) {
        long cell = 0;
        for (int i = 0; i < cells[l]; i++) {
          cell += coarse[l][i];
          profile[(firstCell[l] + i) * sp + sp / 2 - at0] += cell;
        }
      }
    }
  }

  /** {@code array} if it holds {@code length} values, else a larger one; its first {@code length} values zero. */
  private static long[] cleared(long[] array, int length) {
    if (array == null || array.length < length) {
      return new long[Math.max(length, array == null ? 0 : 2 * array.length)];
    }
    Arrays.fill(array, 0, length, 0);
    return array;
  }
}
