package org.amrbalance.balancers.gridindivisibility;

import java.util.Arrays;
import java.util.List;
import org.amrbalance.spi.Patch;

/**
 * The rank given to each patch id, without boxing: an array indexed by id when the ids are dense enough (as
 * every reader and generator numbers them), else open addressing. A hierarchy of a million grids looked its
 * parents' ranks up in a {@code HashMap<Integer, Integer>} for a good part of its time.
 */
final class IdRanks {
  private static final int EMPTY = -1;
  /** Null when indexed directly by id. */
  private final int[] ids;
  private final int[] ranks;
  private final int mask;
  private final int shift;

  private IdRanks(int[] ids, int[] ranks) {
    this.ids = ids;
    this.ranks = ranks;
    this.mask = ranks.length - 1;
    this.shift = 32 - Integer.numberOfTrailingZeros(ranks.length);
  }

  /** Room for the ids of {@code patches} (non-negative, as patch ids are). */
  static IdRanks of(List<Patch> patches) {
    long maxId = -1;
    for (Patch p : patches) {
      maxId = Math.max(maxId, p.id());
    }
    if (maxId < 4L * patches.size() + 1024) {
      int[] ranks = new int[(int) maxId + 1];
      Arrays.fill(ranks, EMPTY);
      return new IdRanks(null, ranks);
    }
    int slots = Integer.highestOneBit(Math.max(4, patches.size()) * 2 - 1) * 2; // load factor at most 1/2
    int[] ids = new int[slots];
    Arrays.fill(ids, EMPTY);
    return new IdRanks(ids, new int[slots]);
  }

  void put(int id, int rank) {
    int slot = slot(id);
    if (ids != null) {
      ids[slot] = id;
    }
    ranks[slot] = rank;
  }

  /** The rank put for {@code id}; an id never put is a bug of the caller. */
  int get(int id) {
    int slot = slot(id);
    if (ids == null ? ranks[slot] == EMPTY : ids[slot] == EMPTY) {
      throw new IllegalStateException("patch " + id + " has no rank yet");
    }
    return ranks[slot];
  }

  private int slot(int id) {
    if (id < 0 || (ids == null && id >= ranks.length)) {
      throw new IllegalArgumentException("patch id = " + id + ": not among the ids given");
    }
    if (ids == null) {
      return id;
    }
    int slot = (id * 0x9E3779B9) >>> shift; // Fibonacci hashing: the product's high bits
    while (ids[slot] != EMPTY && ids[slot] != id) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }
}
