package org.amrbalance.balancers.domain;

/**
 * Where to cut a 1-D load profile so that the part below the cut carries a given share of the load: the
 * weighted median of binary dissection (seed 000 appendix C, corrected rule: cut between slabs k and k+1
 * minimizing |CL(k) - target|).
 *
 * <p>Tie rule (seed 000 appendix C leaves it open): among cuts equally close to the target, the one nearest
 * the proportional-volume position {@code fraction * n}, then the lower one. Equal loads on both sides of a
 * run of empty slabs thus put the cut in the middle of the run, and a region without load is split by
 * volume.
 */
final class WeightedMedianCut {
  private WeightedMedianCut() {}

  /**
   * The number {@code c} in {@code [0, n]} of leading slabs given to the lower part. An empty side
   * ({@code c = 0} or {@code c = n}) is allowed: it wins only when one slab is too heavy to share.
   *
   * @param profile the load of each slab, all finite and {@code >= 0}
   * @param fraction the lower part's target share of the total, in {@code [0, 1]}
   */
  public static int choose(double[] profile, double fraction) {
    checkProfile("profile", profile);
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new IllegalArgumentException("fraction = " + fraction + ": must be in [0, 1]");
    }
    int n = profile.length;
    double total = 0;
    for (double load : profile) {
      total += load;
    }
    double target = fraction * total;
    double geometric = fraction * n;
    // The running sum is cumulative(profile)[c], added in the same order, without an array per call.
    int best = 0;
    double bestD = Math.abs(0 - target);
    double below = 0;
    for (int c = 1; c <= n; c++) {
      below += profile[c - 1];
      double d = Math.abs(below - target);
      if (d < bestD || (d == bestD && Math.abs(c - geometric) < Math.abs(best - geometric))) {
        best = c;
        bestD = d;
      }
    }
    return best;
  }

  /**
   * The cut that keeps most of the data where it is: maximizes the data left of the cut owned by the lower
   * ranks plus the data right of it owned by the upper ranks. Ties go to the cut nearest {@code preferred},
   * then to the lower one.
   */
  public static int bestSeparating(double[] lowerOwned, double[] upperOwned, int preferred) {
    checkProfile("lowerOwned", lowerOwned);
    checkProfile("upperOwned", upperOwned);
    if (lowerOwned.length != upperOwned.length) {
      throw new IllegalArgumentException(
          "upperOwned.length = " + upperOwned.length + ": must equal lowerOwned.length " + lowerOwned.length);
    }
    int n = lowerOwned.length;
    if (preferred < 0 || preferred > n) {
      throw new IllegalArgumentException("preferred = " + preferred + ": must be in [0, " + n + "]");
    }
    double upperTotal = 0;
    for (double u : upperOwned) {
      upperTotal += u;
    }
    double left = 0;
    double right = upperTotal;
    int best = 0;
    double bestKept = right;
    for (int c = 1; c <= n; c++) {
      left += lowerOwned[c - 1];
      right -= upperOwned[c - 1];
      double kept = left + right;
      if (kept > bestKept || (kept == bestKept && Math.abs(c - preferred) < Math.abs(best - preferred))) {
        best = c;
        bestKept = kept;
      }
    }
    return best;
  }

  /** {@code cumulative[c]} is the load of the first {@code c} slabs; {@code cumulative[n]} the total. */
  static double[] cumulative(double[] profile) {
    double[] cumulative = new double[profile.length + 1];
    for (int i = 0; i < profile.length; i++) {
      cumulative[i + 1] = cumulative[i] + profile[i];
    }
    return cumulative;
  }

  private static void checkProfile(String field, double[] profile) {
    if (profile.length == 0) {
      throw new IllegalArgumentException(field + ".length = 0: needs at least one slab");
    }
    for (int i = 0; i < profile.length; i++) {
      if (!(Double.isFinite(profile[i]) && profile[i] >= 0)) {
        throw new IllegalArgumentException(field + "[" + i + "] = " + profile[i] + ": must be finite and >= 0");
      }
    }
  }
}
