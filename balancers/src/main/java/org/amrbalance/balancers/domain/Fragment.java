package org.amrbalance.balancers.domain;

import org.amrbalance.spi.Box;

/**
 * Part of a patch inside the region being dissected: its box in its own level's index space, the level's
 * cumulative refinement ratio {@code scale} (level cells per level-0 cell per axis), a per-cell density
 * (work, or bytes for data that already has an owner) and that owner's rank ({@code -1} for work).
 */
record Fragment(int patchId, int scale, Box box, double density, int rank) {

  /** Adds this fragment's density, per level-0 slab along {@code axis}, to {@code profile} (slab 0 at {@code lo}). */
  void addTo(double[] profile, int axis, int lo) {
    int b0 = box.lo(axis);
    int b1 = box.hi(axis);
    double perCell = density * (box.volume() / box.length(axis));
    for (int x = Math.floorDiv(b0, scale); x <= Math.floorDiv(b1, scale); x++) {
      int overlap = Math.min(b1, x * scale + scale - 1) - Math.max(b0, x * scale) + 1;
      profile[x - lo] += overlap * perCell;
    }
  }

  /**
   * This fragment cut by the level-0 plane {@code at} (cells below {@code at} go low): a cut of the base
   * domain at {@code at} cuts a level-l box at {@code at * cumulativeRatio(l)}. Index 0 of the result is
   * the lower part, index 1 the upper; either may be null.
   */
  Fragment[] cut(int axis, int at) {
    int levelAt = Math.multiplyExact(at, scale);
    if (box.hi(axis) < levelAt) {
      return new Fragment[] {this, null};
    }
    if (box.lo(axis) >= levelAt) {
      return new Fragment[] {null, this};
    }
    Box[] parts = box.split(axis, levelAt);
    return new Fragment[] {
      new Fragment(patchId, scale, parts[0], density, rank), new Fragment(patchId, scale, parts[1], density, rank)
    };
  }
}
