package org.amrbalance.balancers.gridindivisibility;

/**
 * Sorts indices by an order on what they index, without boxing them: a stable merge sort that leaves a range
 * already in order untouched (one pass), so a caller that keeps its indices nearly sorted pays little. The
 * schedulers order up to millions of grids per level; boxed {@code Integer} sorts were most of their time.
 */
final class IndexSort {
  /** Ranges this short are sorted by insertion. */
  private static final int SHORT = 24;

  private IndexSort() {}

  /** An order on indices: negative, zero or positive as {@code a} goes before, with or after {@code b}. */
  @FunctionalInterface
  interface IndexOrder {
    int compare(int a, int b);
  }

  /** 0, 1, ..., n - 1 sorted by {@code order}; equal indices keep their numeric order. */
  static int[] sorted(int n, IndexOrder order) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    sort(a, 0, n, order);
    return a;
  }

  /**
   * 0, 1, ..., n - 1 by {@code size} (descending if asked), then by {@code id} ascending: the schedulers' grid
   * order. Where the ids ascend with the index and the sizes fit in 32 bits, (size, index) packs into one long in
   * the same order and a primitive sort does it; otherwise the merge sort.
   */
  static int[] bySizeThenId(long[] size, int[] id, boolean descending) {
    int n = size.length;
    boolean packs = true;
    for (int i = 0; i < n && packs; i++) {
      packs = size[i] >= 0 && size[i] < 1L << 32 && (i == 0 || id[i - 1] < id[i]);
    }
    if (!packs) {
      return sorted(n, (a, b) -> size[a] != size[b] ? (descending ? Long.compare(size[b], size[a])
          : Long.compare(size[a], size[b])) : Integer.compare(id[a], id[b]));
    }
    long[] key = new long[n];
    for (int i = 0; i < n; i++) {
      key[i] = (descending ? 0xFFFF_FFFFL - size[i] : size[i]) << 31 | i;
    }
    java.util.Arrays.sort(key);
    int[] order = new int[n];
    for (int k = 0; k < n; k++) {
      order[k] = (int) (key[k] & Integer.MAX_VALUE);
    }
    return order;
  }

  /** Sorts {@code a[from, to)} by {@code order}, stably. */
  static void sort(int[] a, int from, int to, IndexOrder order) {
    if (isSorted(a, from, to, order)) {
      return;
    }
    int[] tmp = new int[to - from];
    mergeSort(a, from, to, tmp, order);
  }

  static boolean isSorted(int[] a, int from, int to, IndexOrder order) {
    for (int i = from + 1; i < to; i++) {
      if (order.compare(a[i - 1], a[i]) > 0) {
        return false;
      }
    }
    return true;
  }

  private static void mergeSort(int[] a, int from, int to, int[] tmp, IndexOrder order) {
    if (to - from <= SHORT) {
      for (int i = from + 1; i < to; i++) {
        int v = a[i];
        int j = i - 1;
        while (j >= from && order.compare(a[j], v) > 0) {
          a[j + 1] = a[j];
          j--;
        }
        a[j + 1] = v;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(a, from, mid, tmp, order);
    mergeSort(a, mid, to, tmp, order);
    if (order.compare(a[mid - 1], a[mid]) <= 0) {
      return; // the halves are already in order
    }
    int left = mid - from;
    System.arraycopy(a, from, tmp, 0, left);
    int i = 0;
    int j = mid;
    int k = from;
    while (i < left && j < to) {
      a[k++] = order.compare(a[j], tmp[i]) < 0 ? a[j++] : tmp[i++];
    }
    while (i < left) {
      a[k++] = tmp[i++];
    }
  }
}
