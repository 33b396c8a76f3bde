package org.amrbalance.mesh.cluster;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import javax.annotation.Nullable;
import org.amrbalance.spi.Box;

/**
 * The Berger–Rigoutsos clustering algorithm (IEEE Trans. SMC 21(5), 1991), as seed 002 §3.1 step 6 uses it:
 * shrink a box to its flags; accept it when its efficiency reaches the threshold and it fits the size limits;
 * otherwise cut it at a hole of the signature (a row or column without flags), else at the strongest
 * inflection point (sign change of the signature's second difference), else in the middle of its longest
 * side, and recurse on both halves.
 *
 * <p>Cuts keep both halves at least {@code minBoxSize} long, and a shrunken box is grown back to that size
 * inside its half, so every box respects the minimum unless a forbidden cell (proper nesting) forces a
 * smaller one. A box that cannot be cut without breaking the minimum is accepted below the efficiency
 * threshold.
 */
public final class BergerRigoutsos implements Clusterer {
  private final ClusterOptions options;

  private BergerRigoutsos(ClusterOptions options) {
    this.options = options;
  }

  public static BergerRigoutsos of(ClusterOptions options) {
    if (options == null) {
      throw new IllegalArgumentException("options = null: must not be null");
    }
    return new BergerRigoutsos(options);
  }

  public ClusterOptions options() {
    return options;
  }

  @Override
  public List<Box> cluster(FlagField flags, @Nullable FlagField forbidden) {
    if (forbidden != null) {
      for (int[] c : flags.cells()) {
        if (forbidden.get(c[0], c[1])) {
          throw new IllegalArgumentException("flags: cell (" + c[0] + "," + c[1] + ") is both flagged and forbidden");
        }
      }
    }
    List<Box> out = new ArrayList<>();
    Deque<Box> work = new ArrayDeque<>();
    if (flags.count() > 0) {
      work.push(flags.box());
    }
    while (!work.isEmpty()) {
      Box within = work.pop();
      Optional<Box> tight = flags.boundingBox(within);
      if (tight.isEmpty()) {
        continue;
      }
      Box b = growToMinimum(tight.get(), within);
      boolean tooBig = b.length(0) > options.maxBoxSize() || b.length(1) > options.maxBoxSize();
      boolean bad = forbidden != null && forbidden.count(b) > 0;
      double efficiency = (double) flags.count(b) / b.volume();
      if (!tooBig && !bad && efficiency >= options.efficiency()) {
        out.add(b);
        continue;
      }
      Box[] halves = split(flags, b, true);
      if (halves == null) {
        if (!tooBig && !bad) {
          out.add(b); // cannot be cut without breaking the minimum size
          continue;
        }
        halves = split(flags, b, false); // only a forbidden cell gets here: nesting wins over the minimum size
      }
      work.push(halves[1]);
      work.push(halves[0]);
    }
    return out;
  }

  /** {@code b} grown, inside {@code within}, until every side is at least the minimum (or {@code within}'s side). */
  private Box growToMinimum(Box b, Box within) {
    int[] lo = b.lo();
    int[] hi = b.hi();
    for (int d = 0; d < 2; d++) {
      int missing = options.minBoxSize() - b.length(d);
      if (missing > 0) {
        lo[d] = Math.max(within.lo(d), lo[d] - missing / 2);
        hi[d] = Math.min(within.hi(d), lo[d] + options.minBoxSize() - 1);
        lo[d] = Math.max(within.lo(d), hi[d] - options.minBoxSize() + 1);
      }
    }
    return Box.of(lo, hi);
  }

  /** The two halves of the best cut of {@code b}, or null if no cut leaves both halves long enough. */
  @Nullable
  private Box[] split(FlagField flags, Box b, boolean respectMinimum) {
    int min = respectMinimum ? options.minBoxSize() : 1;
    long[][] sig = new long[2][];
    for (int d = 0; d < 2; d++) {
      sig[d] = flags.signature(b, d);
    }
    int[] axes = b.length(1) > b.length(0) ? new int[] {1, 0} : new int[] {0, 1};
    // 1. A hole (empty row or column), the one nearest the middle; longest axis first.
    for (int d : axes) {
      int best = -1;
      for (int k = min; k <= b.length(d) - min; k++) {
        if (sig[d][k] == 0 && (best < 0 || nearerMiddle(k, best, b.length(d)))) {
          best = k;
        }
      }
      if (best >= 0) {
        return b.split(d, b.lo(d) + best);
      }
    }
    // 2. The strongest inflection point: a sign change of the second difference between k-1 and k.
    int bestAxis = -1;
    int bestAt = -1;
    long bestJump = 0;
    for (int d : axes) {
      long[] s = sig[d];
      int n = s.length;
      // lap(m) = s[m-1] - 2 s[m] + s[m+1] exists for 1 <= m <= n-2; a cut at k lies between m = k-1 and m = k.
      for (int k = Math.max(2, min); k <= n - Math.max(2, min); k++) {
        long lapLeft = s[k - 2] - 2 * s[k - 1] + s[k];
        long lapRight = s[k - 1] - 2 * s[k] + s[k + 1];
        if (Long.signum(lapLeft) * Long.signum(lapRight) >= 0) {
          continue;
        }
        long jump = Math.abs(lapRight - lapLeft);
        if (jump > bestJump || (jump == bestJump && bestAxis == d && nearerMiddle(k, bestAt, n))) {
          bestAxis = d;
          bestAt = k;
          bestJump = jump;
        }
      }
    }
    if (bestAxis >= 0 && bestAt >= min && bestAt <= b.length(bestAxis) - min) {
      return b.split(bestAxis, b.lo(bestAxis) + bestAt);
    }
    // 3. Halve the longest side.
    int d = axes[0];
    if (b.length(d) >= 2 * min) {
      return b.split(d, b.lo(d) + b.length(d) / 2);
    }
    return null;
  }

  private static boolean nearerMiddle(int k, int other, int length) {
    return Math.abs(2 * k - length) < Math.abs(2 * other - length);
  }
}
