package org.amrbalance.readers;

import java.util.Arrays;
import java.util.List;
import org.amrbalance.spi.Box;

/**
 * Finds which boxes of a fixed list intersect a query box. Boxes are hashed into a uniform grid of buckets
 * about one median box wide; a box or query spanning too many buckets (a corrupt file can hold a huge box) is
 * handled by a plain scan instead, so that no input makes the index slow beyond linear.
 *
 * <p>The buckets live in an open-addressing table of primitive arrays (bucket key to a chain of box indices):
 * readers build one index per level of every file they read, so the index is built without boxing.
 */
final class BoxSweep {
  /** Most buckets a box is entered into, or a query visits, before a scan is used instead. */
  private static final long MAX_BUCKETS = 64;

  private final Box[] boxes;
  private final int dim;
  private final int[] size;
  /** Bucket key of each used slot. */
  private final long[] slotKey;
  /** First entry + 1 of each slot's chain, 0 for an empty slot. */
  private final int[] slotHead;
  private final int mask;
  private final int usedSlots;
  /** Box index of each entry, and the next entry + 1 of its chain (0 at the end). */
  private final int[] entryBox;
  private final int[] entryNext;
  private final int[] oversize;
  private final int[] stamp;
  private int query;
  private int[] hits = new int[16];
  private int hitCount;

  BoxSweep(List<Box> boxes) {
    this.boxes = boxes.toArray(new Box[0]);
    this.dim = this.boxes.length == 0 ? 1 : this.boxes[0].dim();
    this.size = new int[dim];
    for (int d = 0; d < dim; d++) {
      int[] lengths = new int[this.boxes.length];
      for (int i = 0; i < lengths.length; i++) {
        lengths[i] = this.boxes[i].length(d);
      }
      Arrays.sort(lengths);
      size[d] = lengths.length == 0 ? 1 : Math.max(1, lengths[lengths.length / 2]);
    }
    long[] counts = new long[this.boxes.length];
    int entries = 0;
    int big = 0;
    for (int i = 0; i < this.boxes.length; i++) {
      counts[i] = bucketCount(this.boxes[i]);
      if (counts[i] > MAX_BUCKETS) {
        big++;
      } else {
        entries += (int) counts[i];
      }
    }
    int capacity = Integer.highestOneBit(Math.max(8, entries) * 4); // at most half full
    this.slotKey = new long[capacity];
    this.slotHead = new int[capacity];
    this.mask = capacity - 1;
    this.entryBox = new int[entries];
    this.entryNext = new int[entries];
    this.oversize = new int[big];
    int e = 0;
    int b = 0;
    int used = 0;
    int[] range = new int[6];
    for (int i = 0; i < this.boxes.length; i++) {
      if (counts[i] > MAX_BUCKETS) {
        oversize[b++] = i;
        continue;
      }
      bucketRange(this.boxes[i], range);
      for (long x = range[0]; x <= range[1]; x++) {
        for (long y = range[2]; y <= range[3]; y++) {
          for (long z = range[4]; z <= range[5]; z++) {
            int slot = slot(key(x, y, z));
            if (slotHead[slot] == 0) {
              used++;
            }
            entryBox[e] = i;
            entryNext[e] = slotHead[slot];
            slotHead[slot] = e + 1;
            e++;
          }
        }
      }
    }
    this.usedSlots = used;
    this.stamp = new int[this.boxes.length];
  }

  /** Indices (into the constructor's list) of the boxes that share a cell with {@code q}, ascending. */
  int[] intersecting(Box q) {
    query++;
    hitCount = 0;
    if (bucketCount(q) > Math.max(MAX_BUCKETS, usedSlots)) {
      for (int i = 0; i < boxes.length; i++) {
        if (boxes[i].intersects(q)) {
          addHit(i);
        }
      }
      return Arrays.copyOf(hits, hitCount);
    }
    int[] range = new int[6];
    bucketRange(q, range);
    for (long x = range[0]; x <= range[1]; x++) {
      for (long y = range[2]; y <= range[3]; y++) {
        for (long z = range[4]; z <= range[5]; z++) {
          int slot = find(key(x, y, z));
          for (int entry = slot < 0 ? 0 : slotHead[slot]; entry != 0; entry = entryNext[entry - 1]) {
            visit(entryBox[entry - 1], q);
          }
        }
      }
    }
    for (int i : oversize) {
      visit(i, q);
    }
    int[] out = Arrays.copyOf(hits, hitCount);
    Arrays.sort(out);
    return out;
  }

  private void visit(int i, Box q) {
    if (stamp[i] != query) {
      stamp[i] = query;
      if (boxes[i].intersects(q)) {
        addHit(i);
      }
    }
  }

  private void addHit(int i) {
    if (hitCount == hits.length) {
      hits = Arrays.copyOf(hits, hits.length * 2);
    }
    hits[hitCount++] = i;
  }

  /** The slot of {@code key}, claimed for it if the key is new. */
  private int slot(long key) {
    int s = hash(key);
    while (slotHead[s] != 0 && slotKey[s] != key) {
      s = (s + 1) & mask;
    }
    slotKey[s] = key;
    return s;
  }

  /** The slot of {@code key}, or -1 if no box is in its bucket. */
  private int find(long key) {
    int s = hash(key);
    while (slotHead[s] != 0) {
      if (slotKey[s] == key) {
        return s;
      }
      s = (s + 1) & mask;
    }
    return -1;
  }

  private int hash(long key) {
    // An invertible multiply spreads neighbouring buckets over the table.
    return (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
  }

  private static long key(long x, long y, long z) {
    // Bucket coordinates of boxes inside an int domain fit in 21 bits once divided by the median size; a collision
    // of wrapped keys only adds candidates, which the intersection test then drops.
    return ((x & 0x1FFFFF) << 42) | ((y & 0x1FFFFF) << 21) | (z & 0x1FFFFF);
  }

  private long bucketCount(Box b) {
    long n = 1;
    for (int d = 0; d < dim; d++) {
      n *= (long) Math.floorDiv(b.hi(d), size[d]) - Math.floorDiv(b.lo(d), size[d]) + 1;
      if (n > Integer.MAX_VALUE) {
        return n;
      }
    }
    return n;
  }

  /**
   * The first and last bucket coordinate of {@code b} along each of three axes (0 beyond its dimension). The loops
   * over them count in {@code long}: the last coordinate can be {@link Integer#MAX_VALUE}.
   */
  private void bucketRange(Box b, int[] range) {
    for (int d = 0; d < 3; d++) {
      range[2 * d] = d < dim ? Math.floorDiv(b.lo(d), size[d]) : 0;
      range[2 * d + 1] = d < dim ? Math.floorDiv(b.hi(d), size[d]) : 0;
    }
  }
}
