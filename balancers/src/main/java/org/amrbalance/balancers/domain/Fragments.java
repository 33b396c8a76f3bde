package org.amrbalance.balancers.domain;

import java.util.Arrays;
import org.amrbalance.spi.Box;

/**
 * Parts of patches inside the regions being dissected, stored in two flat arrays (each fragment's integer fields
 * side by side, and its density) so that a million of them cost no object each. A fragment is its patch's box
 * part in the patch's level index space, its level, a per-cell density (work, or bytes for data that already has
 * an owner) and that owner's rank ({@code -1} for work). How a level relates to the lattice the cuts lie on is
 * held once per level, so the same fragments serve every candidate lattice ({@link #useLattice}).
 *
 * <p>For a level at least as fine as the cut lattice, {@code scale} level cells span one lattice cell per axis
 * and {@code spread} is 1: a cut at lattice coordinate x cuts the box at {@code x * scale}. For a coarser level,
 * one level cell spans {@code spread} lattice cells and {@code scale} is 1: the cell counts as lying in the
 * lattice cell at its centre, {@code i * spread + spread / 2}, and goes to the side of the cut that holds it.
 *
 * <p>The dissection is depth-first, so the fragments are a stack: a region's fragments are a contiguous range,
 * the fragments of its two sides are pushed (copied, or cut) above every fragment that exists, and popped when
 * both sides are done ({@link #mark}, {@link #release}). Nothing is changed in place, so a region's range stays
 * valid while its sides are dissected, and every range keeps the order of the patches: a profile summed slab by
 * slab ({@link SlabProfile}) adds the same terms in the same order whatever path the fragments took.
 */
final class Fragments {
  private static final int PATCH = 0;
  private static final int LEVEL = 1;
  private static final int RANK = 2;
  private static final int LO = 3;

  private final int dim;
  /** Fields per fragment in {@link #data}: the three above, then lo and hi along each axis. */
  private final int width;
  /** Cells per level-0 cell on each level. */
  private final int[] levelRatio;
  private final int[] scale;
  private final int[] spread;
  /** log2 of {@link #scale} where it is a power of two (a shift divides faster), else -1. */
  private final int[] scaleShift;
  /** Per level, the first level cell on the upper side of the plane being split at (scratch of {@link #split}). */
  private final int[] levelCut;
  private int size;
  private int[] data;
  private double[] density;
  /** The load of every fragment added, and whether each density and that sum are exact whole numbers. */
  private double load;
  private boolean wholeNumbers = true;

  /** Fragments of a hierarchy whose level l has {@code levelRatio[l]} cells per level-0 cell. */
  Fragments(int dim, int[] levelRatio, int capacity) {
    this.dim = dim;
    this.width = LO + 2 * dim;
    this.levelRatio = levelRatio.clone();
    this.scale = new int[levelRatio.length];
    this.spread = new int[levelRatio.length];
    this.scaleShift = new int[levelRatio.length];
    this.levelCut = new int[levelRatio.length];
    int c = Math.max(capacity, 16);
    data = new int[c * width];
    density = new double[c];
  }

  /** Cuts from now on lie on a lattice of {@code lattice} cells per level-0 cell. */
  void useLattice(int lattice) {
    for (int l = 0; l < levelRatio.length; l++) {
      boolean fine = levelRatio[l] >= lattice;
      scale[l] = fine ? levelRatio[l] / lattice : 1;
      spread[l] = fine ? 1 : lattice / levelRatio[l];
      scaleShift[l] = Integer.bitCount(scale[l]) == 1 ? Integer.numberOfTrailingZeros(scale[l]) : -1;
    }
  }

  /** Adds a part of patch {@code patchId} on {@code patchLevel}. */
  void add(int patchId, int patchLevel, Box box, double perCell, int owner) {
    ensure(size + 1);
    int o = size * width;
    data[o + PATCH] = patchId;
    data[o + LEVEL] = patchLevel;
    data[o + RANK] = owner;
    for (int d = 0; d < dim; d++) {
      data[o + LO + d] = box.lo(d);
      data[o + LO + dim + d] = box.hi(d);
    }
    density[size] = perCell;
    size++;
    // Below 2^53 every partial sum of whole numbers is exact, so the computed load is below it only if the true one is.
    load += perCell * box.volume();
    wholeNumbers &= perCell >= 0 && perCell == Math.rint(perCell) && load < 0x1p53;
  }

  /** Makes room for {@code count} fragments in all. */
  private void ensure(int count) {
    if (count > density.length) {
      int c = Math.max(count, 2 * density.length);
      data = Arrays.copyOf(data, c * width);
      density = Arrays.copyOf(density, c);
    }
  }

  /**
   * Whether every density added is a whole number and so is the load of any set of them, exactly, in a double: the
   * condition for {@link SlabProfile} to sum them in any order.
   */
  boolean wholeNumbers() {
    return wholeNumbers;
  }

  int levels() {
    return levelRatio.length;
  }

  /** Level cells of {@code level} per lattice cell along each axis, 1 for a level coarser than the lattice. */
  int scale(int level) {
    return scale[level];
  }

  /** The lattice coordinate of cell {@code i} of {@code level}, a level at least as fine as the lattice. */
  int latticeCell(int level, int i) {
    int shift = scaleShift[level];
    return shift >= 0 ? i >> shift : Math.floorDiv(i, scale[level]);
  }

  /** Lattice cells per cell of {@code level} along each axis, 1 for a level at least as fine as the lattice. */
  int spread(int level) {
    return spread[level];
  }

  /** The number of fragments: the end of the range pushed last, and the start of the next one. */
  int size() {
    return size;
  }

  /** The top of the stack, to {@link #release} to. */
  int mark() {
    return size;
  }

  /** Pops every fragment pushed since {@code mark}. */
  void release(int mark) {
    size = mark;
  }

  int patch(int f) {
    return data[f * width + PATCH];
  }

  int level(int f) {
    return data[f * width + LEVEL];
  }

  int rank(int f) {
    return data[f * width + RANK];
  }

  double density(int f) {
    return density[f];
  }

  int lo(int f, int axis) {
    return data[f * width + LO + axis];
  }

  int hi(int f, int axis) {
    return data[f * width + LO + dim + axis];
  }

  /** Fragment f's cells per level cell along {@code axis}: the product of its other extents. */
  long crossSection(int f, int axis) {
    int o = f * width + LO;
    long v = 1;
    for (int d = 0; d < dim; d++) {
      if (d != axis) {
        v *= data[o + dim + d] - data[o + d] + 1;
      }
    }
    return v;
  }

  long cells(int f) {
    int o = f * width + LO;
    long v = 1;
    for (int d = 0; d < dim; d++) {
      v *= data[o + dim + d] - data[o + d] + 1;
    }
    return v;
  }

  /**
   * Pushes, for every fragment in {@code [from, to)}, in order, its part below the lattice plane {@code at}
   * across {@code axis} if it has one, then likewise every part above it; returns where the upper parts start
   * (the lower ones start at the size before the call, the upper ones end at the size after it).
   */
  int split(int from, int to, int axis, int at) {
    for (int l = 0; l < levelRatio.length; l++) {
      int sp = spread[l];
      levelCut[l] = sp > 1
          ? -Math.floorDiv(sp / 2 - at, sp) // the first cell whose centre lattice cell is >= at
          : Math.multiplyExact(at, scale[l]);
    }
    int n = to - from;
    ensure(size + 2 * n);
    // Every fragment is written to both sides and kept where it has cells there: no branch on its position.
    int lower = size;
    int upperStart = size + n;
    int upper = upperStart;
    int loField = LO + axis;
    int hiField = LO + dim + axis;
    for (int f = from; f < to; f++) {
      int o = f * width;
      int cut = levelCut[data[o + LEVEL]];
      int lo = data[o + loField];
      int hi = data[o + hiField];
      int lw = lower * width;
      int uw = upper * width;
      System.arraycopy(data, o, data, lw, width);
      System.arraycopy(data, o, data, uw, width);
      data[lw + hiField] = Math.min(hi, cut - 1);
      data[uw + loField] = Math.max(lo, cut);
      density[lower] = density[f];
      density[upper] = density[f];
      lower += lo < cut ? 1 : 0;
      upper += hi >= cut ? 1 : 0;
    }
    int uppers = upper - upperStart;
    System.arraycopy(data, upperStart * width, data, lower * width, uppers * width);
    System.arraycopy(density, upperStart, density, lower, uppers);
    size = lower + uppers;
    return lower;
  }
}
