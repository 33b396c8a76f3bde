package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;

/**
 * A space-filling curve over the cells of a 2^bits grid in 1 to 3 dimensions: the position of a cell along
 * the curve, as an unsigned key of dim x bits bits (at most 63).
 */
public enum SpaceFillingCurve {
  /** Z-order: the coordinates' bits interleaved, most significant first, axis 0 first within a bit. */
  MORTON {
    @Override
    long keyOf(int[] coords, int bits) {
      return interleave(coords.clone(), bits);
    }
  },
  /**
   * Hilbert order, by Skilling's transform of the coordinates to the "transposed" Hilbert index
   * (Programming the Hilbert curve, AIP Conf. Proc. 707, 2004), then interleaved like Morton. Consecutive
   * keys are face neighbours.
   */
  HILBERT {
    @Override
    long keyOf(int[] coords, int bits) {
      int n = coords.length;
      int[] x = coords.clone();
      if (bits == 0) {
        return 0;
      }
      int top = 1 << (bits - 1);
      for (int q = top; q > 1; q >>= 1) { // undo excess work: invert or exchange low bits
        int p = q - 1;
        for (int i = 0; i < n; i++) {
          if ((x[i] & q) != 0) {
            x[0] ^= p;
          } else {
            int t = (x[0] ^ x[i]) & p;
            x[0] ^= t;
            x[i] ^= t;
          }
        }
      }
      for (int i = 1; i < n; i++) { // Gray encode
        x[i] ^= x[i - 1];
      }
      int t = 0;
      for (int q = top; q > 1; q >>= 1) {
        if ((x[n - 1] & q) != 0) {
          t ^= q - 1;
        }
      }
      for (int i = 0; i < n; i++) {
        x[i] ^= t;
      }
      return interleave(x, bits);
    }
  };

  /** The key of cell {@code coords} (each in [0, 2^bits)); dim x bits must be at most 63. */
  public long key(int[] coords, int bits) {
    Checks.check(coords.length >= 1 && coords.length <= 3, "coords.length", coords.length, "must be 1, 2 or 3");
    Checks.check(bits >= 0 && bits <= 31 && coords.length * bits <= 63, "bits", bits,
        "must be in [0, 31] with dim x bits <= 63");
    for (int d = 0; d < coords.length; d++) {
      Checks.check(coords[d] >= 0 && (bits == 31 || coords[d] < (1 << bits)), "coords[" + d + "]", coords[d],
          "must be in [0, 2^" + bits + ")");
    }
    return keyOf(coords, bits);
  }

  abstract long keyOf(int[] coords, int bits);

  private static long interleave(int[] x, int bits) {
    long key = 0;
    for (int b = bits - 1; b >= 0; b--) {
      for (int v : x) {
        key = (key << 1) | ((v >>> b) & 1);
      }
    }
    return key;
  }
}
