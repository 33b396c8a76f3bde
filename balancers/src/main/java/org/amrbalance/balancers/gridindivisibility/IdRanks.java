package org.amrbalance.balancers.gridindivisibility;

/**
 * The rank given to each patch id, without boxing: open addressing over the non-negative ids. A hierarchy of a
 * million grids looked its parents' ranks up in a {@code HashMap<Integer, Integer>} for a good part of its time.
 */
final class IdRanks {
  private static final int EMPTY = -1;
  private final int[] ids;
  private final int[] ranks;
  private final int mask;
  private final int shift;

  /** @param capacity how many ids will be put, at most */
  IdRanks(int capacity) {
    int slots = Integer.highestOneBit(Math.max(4, capacity) * 2 - 1) * 2; // load factor at most 1/2
    ids = new int[slots];
    ranks = new int[slots];
    mask = slots - 1;
    shift = 32 - Integer.numberOfTrailingZeros(slots);
    java.util.Arrays.fill(ids, EMPTY);
  }

  void put(int id, int rank) {
    int slot = slot(id);
    ids[slot] = id;
    ranks[slot] = rank;
  }

  /** The rank put for {@code id}; an id never put is a bug of the caller. */
  int get(int id) {
    int slot = slot(id);
    if (ids[slot] == EMPTY) {
      throw new IllegalStateException("patch " + id + " has no rank yet");
    }
    return ranks[slot];
  }

  private int slot(int id) {
    if (id < 0) {
      throw new IllegalArgumentException("patch id = " + id + ": must be >= 0");
    }
    int slot = (id * 0x9E3779B9) >>> shift; // Fibonacci hashing: the product's high bits
    while (ids[slot] != EMPTY && ids[slot] != id) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }
}
