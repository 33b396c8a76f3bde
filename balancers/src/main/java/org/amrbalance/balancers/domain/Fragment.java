package org.amrbalance.balancers.domain;

import org.amrbalance.spi.Box;

/**
 * Part of a patch inside the region being dissected: its box in its own level's index space, how that level
 * relates to the lattice the cuts lie on, a per-cell density (work, or bytes for data that already has an
 * owner) and that owner's rank ({@code -1} for work).
 *
 * <p>For a level at least as fine as the cut lattice, {@code scale} level cells span one lattice cell per
 * axis and {@code spread} is 1: a cut at lattice coordinate x cuts the box at {@code x * scale} (with the
 * level-0 lattice, {@code x * cumulativeRatio(l)}). For a coarser level, one level cell spans {@code spread}
 * lattice cells and {@code scale} is 1: the cell counts as lying in the lattice cell at its centre,
 * {@code i * spread + spread / 2}, and goes to the side of the cut that holds that lattice cell.
 */
record Fragment(int patchId, int scale, int spread, Box box, double density, int rank) {

  /** Adds this fragment's density, per lattice slab along {@code axis}, to {@code profile} (slab 0 at {@code lo}). */
  void addTo(double[] profile, int axis, int lo) {
    int b0 = box.lo(axis);
    int b1 = box.hi(axis);
    double perCell = density * (box.volume() / box.length(axis));
    if (spread > 1) {
      for (int i = b0; i <= b1; i++) {
        profile[i * spread + spread / 2 - lo] += perCell;
      }
      return;
    }
    for (int x = Math.floorDiv(b0, scale); x <= Math.floorDiv(b1, scale); x++) {
      int overlap = Math.min(b1, x * scale + scale - 1) - Math.max(b0, x * scale) + 1;
      profile[x - lo] += overlap * perCell;
    }
  }

  /**
   * This fragment cut by the lattice plane {@code at} (lattice cells below {@code at} go low). Index 0 of
   * the result is the lower part, index 1 the upper; either may be null.
   */
  Fragment[] cut(int axis, int at) {
    int levelAt = spread > 1
        ? -Math.floorDiv(spread / 2 - at, spread) // the first cell whose centre lattice cell is >= at
        : Math.multiplyExact(at, scale);
    if (box.hi(axis) < levelAt) {
      return new Fragment[] {this, null};
    }
    if (box.lo(axis) >= levelAt) {
      return new Fragment[] {null, this};
    }
    Box[] parts = box.split(axis, levelAt);
    return new Fragment[] {
      new Fragment(patchId, scale, spread, parts[0], density, rank),
      new Fragment(patchId, scale, spread, parts[1], density, rank)
    };
  }
}
