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

  /**
   * The indices of {@code key} in increasing order of key (signed), ties by index: the keys ranked among the distinct
   * keys, then rank and index packed in one long and sorted as primitives, which at a million keys is several times
   * faster than comparing indices through the key array.
   */
  static int[] byKey(long[] key) {
    int n = key.length;
    long[] distinct = key.clone();
    java.util.Arrays.sort(distinct);
    int u = 0;
    for (int i = 0; i < n; i++) {
      if (u == 0 || distinct[i] != distinct[u - 1]) {
        distinct[u++] = distinct[i];
      }
    }
    long[] packed = new long[n];
    for (int i = 0; i < n; i++) {
      packed[i] = ((long) java.util.Arrays.binarySearch(distinct, 0, u, key[i]) << 32) | i;
    }
    java.util.Arrays.sort(packed);
    int[] out = new int[n];
    for (int k = 0; k < n; k++) {
      out[k] = (int) packed[k];
    }
    return out;
  }

  /** A long in the order {@link Double#compare} gives finite doubles (-0 before +0). */
  static long sortable(double d) {
    long bits = Double.doubleToRawLongBits(d);
    return bits ^ ((bits >> 63) & Long.MAX_VALUE);
  }

  /** The indices of {@code key} in decreasing order of key, ties (-0 equal to +0) by index. */
  static int[] decreasing(double[] key) {
    long[] k = new long[key.length];
    for (int i = 0; i < k.length; i++) {
      k[i] = ~sortable(key[i] + 0.0); // + 0.0 turns -0 into +0
    }
    return byKey(k);
  }

  /** The indices of {@code key} in increasing order of key, ties (-0 equal to +0) by index. */
  static int[] increasing(double[] key) {
    long[] k = new long[key.length];
    for (int i = 0; i < k.length; i++) {
      k[i] = sortable(key[i] + 0.0);
    }
    return byKey(k);
  }

  /** True if {@code a} strictly increases, or is lexicographically increasing together with {@code b} if given. */
  static boolean ascending(int[] a, int[] b) {
    for (int i = 1; i < a.length; i++) {
      if (!(a[i - 1] < a[i] || b != null && a[i - 1] == a[i] && b[i - 1] < b[i])) {
        return false;
      }
    }
    return true;
  }
}
