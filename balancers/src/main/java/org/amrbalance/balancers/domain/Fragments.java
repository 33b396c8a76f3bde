package org.amrbalance.balancers.domain;

import java.util.Arrays;
import org.amrbalance.spi.Box;

/**
 * Parts of patches inside the regions being dissected, stored column by column (one array per field) so that
 * a million of them cost no object each. A fragment is its patch's box part in the patch's level index space,
 * how that level relates to the lattice the cuts lie on, a per-cell density (work, or bytes for data that
 * already has an owner) and that owner's rank ({@code -1} for work).
 *
 * <p>For a level at least as fine as the cut lattice, {@code scale} level cells span one lattice cell per axis
 * and {@code spread} is 1: a cut at lattice coordinate x cuts the box at {@code x * scale}. For a coarser level,
 * one level cell spans {@code spread} lattice cells and {@code scale} is 1: the cell counts as lying in the
 * lattice cell at its centre, {@code i * spread + spread / 2}, and goes to the side of the cut that holds it.
 *
 * <p>The dissection is depth-first, so the fragments are a stack: a region's fragments are a contiguous range,
 * the fragments of its two sides are pushed (copied, or cut) above every fragment that exists, and popped when
 * that side is done ({@link #mark}, {@link #release}). Nothing is changed in place, so a region's range stays
 * valid while its sides are dissected, and every range is read in memory order.
 */
final class Fragments {
  private static final int PATCH = 0;
  private static final int LEVEL = 1;
  private static final int SCALE = 2;
  private static final int SPREAD = 3;
  private static final int RANK = 4;
  private static final int LO = 5;

  private final int dim;
  /** Fields per fragment in {@link #data}: the five above, then lo and hi along each axis. */
  private final int width;
  private int size;
  private int[] data;
  private double[] density;

  Fragments(int dim, int capacity) {
    this.dim = dim;
    this.width = LO + 2 * dim;
    int c = Math.max(capacity, 16);
    data = new int[c * width];
    density = new double[c];
  }

  /**
   * Adds a part of patch {@code patchId} on {@code patchLevel} whose level has {@code levelRatio} cells per
   * level-0 cell, cut on a lattice of {@code lattice}.
   */
  void add(int patchId, int patchLevel, int levelRatio, int lattice, Box box, double perCell, int owner) {
    boolean fine = levelRatio >= lattice;
    int f = grow();
    int o = f * width;
    data[o + PATCH] = patchId;
    data[o + LEVEL] = patchLevel;
    data[o + SCALE] = fine ? levelRatio / lattice : 1;
    data[o + SPREAD] = fine ? 1 : lattice / levelRatio;
    data[o + RANK] = owner;
    for (int d = 0; d < dim; d++) {
      data[o + LO + d] = box.lo(d);
      data[o + LO + dim + d] = box.hi(d);
    }
    density[f] = perCell;
  }

  /** Makes room for one more fragment and returns its index. */
  private int grow() {
    if (size == density.length) {
      data = Arrays.copyOf(data, 2 * size * width);
      density = Arrays.copyOf(density, 2 * size);
    }
    return size++;
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

  long cells(int f) {
    int o = f * width + LO;
    long v = 1;
    for (int d = 0; d < dim; d++) {
      v *= data[o + dim + d] - data[o + d] + 1;
    }
    return v;
  }

  /** Adds fragment f's density, per lattice slab along {@code axis}, to {@code profile} (slab 0 at {@code at0}). */
  void addTo(int f, double[] profile, int axis, int at0) {
    int o = f * width;
    int b0 = data[o + LO + axis];
    int b1 = data[o + LO + dim + axis];
    double perCell = density[f] * (cells(f) / (b1 - b0 + 1));
    int sp = data[o + SPREAD];
    if (sp > 1) {
      for (int i = b0; i <= b1; i++) {
        profile[i * sp + sp / 2 - at0] += perCell;
      }
      return;
    }
    int s = data[o + SCALE];
    for (int x = Math.floorDiv(b0, s); x <= Math.floorDiv(b1, s); x++) {
      int overlap = Math.min(b1, x * s + s - 1) - Math.max(b0, x * s) + 1;
      profile[x - at0] += overlap * perCell;
    }
  }

  /**
   * Pushes, for every fragment in {@code [from, to)}, in order, its part on one side of the lattice plane
   * {@code at} across {@code axis} (lattice cells below {@code at} are the lower side), if it has one.
   */
  void pushSide(int from, int to, int axis, int at, boolean upper) {
    for (int f = from; f < to; f++) {
      int o = f * width;
      int sp = data[o + SPREAD];
      int cut = sp > 1
          ? -Math.floorDiv(sp / 2 - at, sp) // the first cell whose centre lattice cell is >= at
          : Math.multiplyExact(at, data[o + SCALE]);
      int lo = data[o + LO + axis];
      int hi = data[o + LO + dim + axis];
      if (upper ? hi < cut : lo >= cut) {
        continue;
      }
      int g = grow();
      System.arraycopy(data, o, data, g * width, width);
      density[g] = density[f];
      if (upper && lo < cut) {
        data[g * width + LO + axis] = cut;
      } else if (!upper && hi >= cut) {
        data[g * width + LO + dim + axis] = cut - 1;
      }
    }
  }
}
