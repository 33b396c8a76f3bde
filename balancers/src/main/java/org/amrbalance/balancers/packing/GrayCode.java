package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;

/** Reflected binary Gray codes, for embedding a 2^a x 2^b mesh in a hypercube (spec section 12). */
final class GrayCode {
  private GrayCode() {}

  /** The i-th code of the reflected Gray code: consecutive codes differ in one bit. */
  public static int code(int i) {
    Checks.check(i >= 0, "i", i, "must be >= 0");
    return i ^ (i >>> 1);
  }

  /**
   * The reflected code of {@code bits} bits built as the spec states it: G_1 = (0, 1); G_d is 0 followed by
   * G_{d-1} in order, then 1 followed by G_{d-1} reversed.
   */
  public static int[] reflected(int bits) {
    Checks.check(bits >= 0 && bits <= 20, "bits", bits, "must be in [0, 20]");
    int[] g = {0};
    for (int d = 1; d <= bits; d++) {
      int[] next = new int[g.length * 2];
      for (int i = 0; i < g.length; i++) {
        next[i] = g[i];
        next[next.length - 1 - i] = g[i] | (1 << (d - 1));
      }
      g = next;
    }
    return g;
  }
}
