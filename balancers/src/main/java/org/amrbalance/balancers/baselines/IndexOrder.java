package org.amrbalance.balancers.baselines;

/**
 * Sorts of indices by a comparison of what they index, on int arrays: the whole-grid balancers sort up to a million
 * grids per call, and boxed {@code Integer} sorts with composed comparators cost more than the balancing itself.
 */
final class IndexOrder {
  /** Runs this short are sorted by insertion before merging. */
  private static final int RUN = 32;

  private IndexOrder() {}

  /** A total order of indices: negative if a goes first, positive if b goes first. */
  @FunctionalInterface
  interface Comparison {
    int compare(int a, int b);
  }

  /** The indices 0 to n - 1 sorted by {@code order} (a stable merge sort, O(n log n)). */
  static int[] sorted(int n, Comparison order) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    sort(a, order);
    return a;
  }

  /** Sorts {@code a} in place by {@code order}, stably. */
  static void sort(int[] a, Comparison order) {
    int n = a.length;
    for (int lo = 0; lo < n; lo += RUN) {
      int hi = Math.min(lo + RUN, n);
      for (int i = lo + 1; i < hi; i++) {
        int x = a[i];
        int j = i - 1;
        while (j >= lo && order.compare(a[j], x) > 0) {
          a[j + 1] = a[j];
          j--;
        }
        a[j + 1] = x;
      }
    }
    int[] src = a;
    int[] dst = new int[n];
    for (int width = RUN; width < n; width *= 2) {
      for (int lo = 0; lo < n; lo += 2 * width) {
        int mid = Math.min(lo + width, n);
        int hi = Math.min(lo + 2 * width, n);
        int i = lo;
        int j = mid;
        int k = lo;
        if (mid < hi && order.compare(src[mid - 1], src[mid]) <= 0) {
          System.arraycopy(src, lo, dst, lo, hi - lo); // already in order
          continue;
        }
        while (i < mid && j < hi) {
          dst[k++] = order.compare(src[j], src[i]) < 0 ? src[j++] : src[i++];
        }
        System.arraycopy(src, i, dst, k, mid - i);
        System.arraycopy(src, j, dst, k + mid - i, hi - j);
      }
      int[] t = src;
      src = dst;
      dst = t;
    }
    if (src != a) {
      System.arraycopy(src, 0, a, 0, n);
    }
  }

  /** The indices of {@code key} in decreasing order of key, ties by index. */
  static int[] decreasing(double[] key) {
    return sorted(key.length, (a, b) -> key[a] != key[b] ? Double.compare(key[b], key[a]) : Integer.compare(a, b));
  }

  /** The indices of {@code key} in increasing order of key, ties by index. */
  static int[] increasing(double[] key) {
    return sorted(key.length, (a, b) -> key[a] != key[b] ? Double.compare(key[a], key[b]) : Integer.compare(a, b));
  }
}
