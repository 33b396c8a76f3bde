package org.amrbalance.balancers.baselines;

/**
 * A binary min-heap of the ranks 0 to n - 1 in the order (first key, second key, rank), on int arrays and with
 * removal of any rank in O(log n). The keys belong to the caller, who must not change a rank's keys while it is in
 * the heap without telling it ({@link #update}). Ties end at the rank, so the order is total and the heap gives
 * the same answers as any priority queue in that order.
 */
final class RankHeap {
  private final double[] first;
  private final double[] second;
  private final int[] heap;
  /** Where each rank stands in the heap, -1 when out. */
  private final int[] at;
  private int size;

  /**
   * @param first the first key of each rank
   * @param second the second key, or null for none
   */
  RankHeap(double[] first, double[] second) {
    this.first = first;
    this.second = second;
    this.heap = new int[first.length];
    this.at = new int[first.length];
    java.util.Arrays.fill(at, -1);
  }

  /** A heap holding every rank. */
  static RankHeap full(double[] first, double[] second) {
    RankHeap h = new RankHeap(first, second);
    for (int r = 0; r < first.length; r++) {
      h.add(r);
    }
    return h;
  }

  boolean isEmpty() {
    return size == 0;
  }

  boolean contains(int r) {
    return at[r] >= 0;
  }

  void add(int r) {
    heap[size] = r;
    at[r] = size;
    up(size++);
  }

  /** The least rank, taken out. */
  int poll() {
    int top = heap[0];
    removeAt(0);
    return top;
  }

  /** The least rank, left in. */
  int peek() {
    return heap[0];
  }

  /** Puts {@code r}, which is in, back in its place after its keys changed. */
  void update(int r) {
    int i = at[r];
    down(i);
    if (heap[i] == r) {
      up(i);
    }
  }

  /** Takes {@code r} out if it is in. */
  void remove(int r) {
    if (at[r] >= 0) {
      removeAt(at[r]);
    }
  }

  private void removeAt(int i) {
    int r = heap[i];
    at[r] = -1;
    size--;
    if (i == size) {
      return;
    }
    int last = heap[size];
    heap[i] = last;
    at[last] = i;
    down(i);
    if (heap[i] == last) {
      up(i);
    }
  }

  private boolean less(int a, int b) {
    if (first[a] != first[b]) {
      return first[a] < first[b];
    }
    if (second != null && second[a] != second[b]) {
      return second[a] < second[b];
    }
    return a < b;
  }

  private void up(int i) {
    int r = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      int p = heap[parent];
      if (!less(r, p)) {
        break;
      }
      heap[i] = p;
      at[p] = i;
      i = parent;
    }
    heap[i] = r;
    at[r] = i;
  }

  private void down(int i) {
    int r = heap[i];
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int c = heap[child];
      int right = child + 1;
      if (right < size && less(heap[right], c)) {
        child = right;
        c = heap[child];
      }
      if (!less(c, r)) {
        break;
      }
      heap[i] = c;
      at[c] = i;
      i = child;
    }
    heap[i] = r;
    at[r] = i;
  }
}
