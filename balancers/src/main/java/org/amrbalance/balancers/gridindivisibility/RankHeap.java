package org.amrbalance.balancers.gridindivisibility;

/**
 * A binary min-heap of ranks without boxing, ordered by a long key per rank, then by a double per rank
 * ({@link Double#compare}), then by the rank: the order the schedulers' "least loaded, ties to the lowest rank"
 * rules use. A rank's keys change only while it is out of the heap, or at the top through {@link #siftTop()}.
 */
final class RankHeap {
  private final long[] key;
  private final double[] tie;
  private final int[] heap;
  private int size;

  /**
   * @param key each rank's first key, read as the heap orders (the caller updates it)
   * @param tie each rank's second key, or null for none
   */
  RankHeap(long[] key, double[] tie) {
    this.key = key;
    this.tie = tie;
    this.heap = new int[key.length];
  }

  /** A heap holding every rank of {@code key}. */
  static RankHeap ofAll(long[] key, double[] tie) {
    RankHeap h = new RankHeap(key, tie);
    for (int r = 0; r < key.length; r++) {
      h.heap[r] = r;
    }
    h.size = key.length;
    for (int i = h.size / 2 - 1; i >= 0; i--) {
      h.down(i);
    }
    return h;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** The least rank, left in the heap. */
  int peek() {
    return heap[0];
  }

  int poll() {
    int top = heap[0];
    heap[0] = heap[--size];
    if (size > 0) {
      down(0);
    }
    return top;
  }

  void add(int rank) {
    int i = size++;
    heap[i] = rank;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less(rank, heap[parent])) {
        break;
      }
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = rank;
  }

  /** Restores the order after the keys of the top rank grew. */
  void siftTop() {
    down(0);
  }

  private void down(int i) {
    int rank = heap[i];
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      if (child + 1 < size && less(heap[child + 1], heap[child])) {
        child++;
      }
      if (!less(heap[child], rank)) {
        break;
      }
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = rank;
  }

  private boolean less(int a, int b) {
    if (key[a] != key[b]) {
      return key[a] < key[b];
    }
    if (tie != null) {
      int c = Double.compare(tie[a], tie[b]);
      if (c != 0) {
        return c < 0;
      }
    }
    return a < b;
  }
}
