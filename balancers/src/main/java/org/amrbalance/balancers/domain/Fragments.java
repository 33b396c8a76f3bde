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
 * <p>The dissection is depth-first, so both the fragments and the lists of fragment ids of a region are
 * stacks: a region's lists are pushed above its parent's, the parts a cut creates are pushed above every
 * fragment that exists, and both are popped when the region is done ({@link #mark}, {@link #release}). Nothing
 * is ever changed in place, so a parent's list stays valid while its children are dissected.
 */
final class Fragments {
  private final int dim;
  private int size;
  private int[] patch;
  private int[] level;
  private int[] scale;
  private int[] spread;
  private int[] rank;
  private double[] density;
  private int[] lo;
  private int[] hi;
  /** Lists of fragment ids, one per region on the current path of the dissection. */
  private int[] ids;
  private int idCount;

  Fragments(int dim, int capacity) {
    this.dim = dim;
    int c = Math.max(capacity, 16);
    patch = new int[c];
    level = new int[c];
    scale = new int[c];
    spread = new int[c];
    rank = new int[c];
    density = new double[c];
    lo = new int[c * dim];
    hi = new int[c * dim];
    ids = new int[c];
  }

  /**
   * Adds a part of patch {@code patchId} on {@code patchLevel} whose level has {@code levelRatio} cells per
   * level-0 cell, cut on a lattice of {@code lattice}, and pushes its id on the id list being built.
   */
  void add(int patchId, int patchLevel, int levelRatio, int lattice, Box box, double perCell, int owner) {
    boolean fine = levelRatio >= lattice;
    int f = newFragment(patchId, patchLevel, fine ? levelRatio / lattice : 1, fine ? 1 : lattice / levelRatio,
        perCell, owner);
    for (int d = 0; d < dim; d++) {
      lo[f * dim + d] = box.lo(d);
      hi[f * dim + d] = box.hi(d);
    }
    push(f);
  }

  private int newFragment(int patchId, int patchLevel, int s, int sp, double perCell, int owner) {
    if (size == patch.length) {
      int c = 2 * size;
      patch = Arrays.copyOf(patch, c);
      level = Arrays.copyOf(level, c);
      scale = Arrays.copyOf(scale, c);
      spread = Arrays.copyOf(spread, c);
      rank = Arrays.copyOf(rank, c);
      density = Arrays.copyOf(density, c);
      lo = Arrays.copyOf(lo, c * dim);
      hi = Arrays.copyOf(hi, c * dim);
    }
    int f = size++;
    patch[f] = patchId;
    level[f] = patchLevel;
    scale[f] = s;
    spread[f] = sp;
    rank[f] = owner;
    density[f] = perCell;
    return f;
  }

  /** The top of both stacks, to {@link #release} to. */
  long mark() {
    return ((long) size << 32) | idCount;
  }

  /** Pops every fragment and id pushed since {@code mark}. */
  void release(long mark) {
    size = (int) (mark >>> 32);
    idCount = (int) mark;
  }

  /** The position the next pushed id takes: a list is the ids from one such position to another. */
  int top() {
    return idCount;
  }

  private void push(int f) {
    if (idCount == ids.length) {
      ids = Arrays.copyOf(ids, 2 * idCount);
    }
    ids[idCount++] = f;
  }

  /** The id at position {@code i} of the id stack. */
  int id(int i) {
    return ids[i];
  }

  int patch(int f) {
    return patch[f];
  }

  int level(int f) {
    return level[f];
  }

  int rank(int f) {
    return rank[f];
  }

  double density(int f) {
    return density[f];
  }

  int lo(int f, int axis) {
    return lo[f * dim + axis];
  }

  int hi(int f, int axis) {
    return hi[f * dim + axis];
  }

  long cells(int f) {
    long v = 1;
    for (int d = 0; d < dim; d++) {
      v *= hi[f * dim + d] - lo[f * dim + d] + 1;
    }
    return v;
  }

  /** Adds fragment f's density, per lattice slab along {@code axis}, to {@code profile} (slab 0 at {@code at0}). */
  void addTo(int f, double[] profile, int axis, int at0) {
    int b0 = lo(f, axis);
    int b1 = hi(f, axis);
    double perCell = density[f] * (cells(f) / (b1 - b0 + 1));
    int sp = spread[f];
    if (sp > 1) {
      for (int i = b0; i <= b1; i++) {
        profile[i * sp + sp / 2 - at0] += perCell;
      }
      return;
    }
    int s = scale[f];
    for (int x = Math.floorDiv(b0, s); x <= Math.floorDiv(b1, s); x++) {
      int overlap = Math.min(b1, x * s + s - 1) - Math.max(b0, x * s) + 1;
      profile[x - at0] += overlap * perCell;
    }
  }

  /** The first cell of fragment f's level on the upper side of the lattice plane {@code at}. */
  private int levelAt(int f, int at) {
    int sp = spread[f];
    return sp > 1
        ? -Math.floorDiv(sp / 2 - at, sp) // the first cell whose centre lattice cell is >= at
        : Math.multiplyExact(at, scale[f]);
  }

  /**
   * Pushes, for every fragment listed at positions {@code [from, to)}, its part on one side of the lattice plane
   * {@code at} across {@code axis} (lattice cells below {@code at} are the lower side), in list order: the
   * fragment itself if it lies wholly on that side, a new fragment for its part if the plane cuts it.
   */
  void pushSide(int from, int to, int axis, int at, boolean upper) {
    for (int i = from; i < to; i++) {
      int f = ids[i];
      int cut = levelAt(f, at);
      int a = f * dim + axis;
      if (hi[a] < cut) {
        if (!upper) {
          push(f);
        }
      } else if (lo[a] >= cut) {
        if (upper) {
          push(f);
        }
      } else {
        int g = newFragment(patch[f], level[f], scale[f], spread[f], density[f], rank[f]);
        System.arraycopy(lo, f * dim, lo, g * dim, dim);
        System.arraycopy(hi, f * dim, hi, g * dim, dim);
        if (upper) {
          lo[g * dim + axis] = cut;
        } else {
          hi[g * dim + axis] = cut - 1;
        }
        push(g);
      }
    }
  }
}
