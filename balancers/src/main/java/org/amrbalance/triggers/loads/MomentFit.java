package org.amrbalance.triggers.loads;

/**
 * Fits {@link LoadModel} by the method of moments, online: for each fitted rank and interval four statistics (Σy²,
 * Σy_k·y_(k−1), (Σy)², (Σk·y)²), whose expectations are linear in the four variances, are kept as running sums; a
 * closed interval is kept as its length and its four sums over the fitted ranks, as long as the closed intervals kept
 * span at most {@link Tuning#HISTORY} steps (the last one always), so any one step's influence ends after a bounded
 * window; a fit adds the running interval and solves with the variances kept ≥ 0 ({@link NonNegativeLeastSquares}).
 *
 * <p>Memory is five numbers per fitted rank and five per kept interval: nothing grows with the run, the interval or
 * the rank count. A fit is a sum over the kept intervals and one 4-unknown non-negative least squares. (It replaced a maximum-likelihood search over the
 * last 400 steps, some hundreds of filter passes a fit, whose cost made the trigger the dearest thing the library did
 * every step.)
 */
final class MomentFit {
  private final int ranks;
  /** Per fitted rank, this interval: Σy², Σy_k·y_(k−1), Σy, Σk·y, and the last y. */
  private final double[] squares;
  private final double[] lagged;
  private final double[] sums;
  private final double[] weightedSums;
  private final double[] last;
  /** Interval length and the sums over its steps that the expectations need (see {@link #rows}). */
  private int n;
  /** The closed intervals kept, oldest first from {@code first} (a ring): lengths and their four sums. */
  private final int[] lengths = new int[Tuning.HISTORY];
  private final double[][] closed = new double[Tuning.HISTORY][4];
  private int first;
  private int kept;
  private int keptSteps;

  MomentFit(int ranks) {
    this.ranks = ranks;
    squares = new double[ranks];
    lagged = new double[ranks];
    sums = new double[ranks];
    weightedSums = new double[ranks];
    last = new double[ranks];
  }

  /** One step of the running interval: {@code y[j]} is fitted rank j's deviation. */
  void add(double[] y) {
    n++;
    for (int j = 0; j < ranks; j++) {
      double v = y[j];
      squares[j] += v * v;
      if (n >= 2) {
        lagged[j] += v * last[j];
      }
      sums[j] += v;
      weightedSums[j] += n * v;
      last[j] = v;
    }
  }

  /** The interval ends: it joins the intervals kept, and the oldest leave while they span more than HISTORY steps. */
  void closeInterval() {
    if (n == 0) {
      return;
    }
    if (kept == lengths.length) {
      drop();
    }
    int slot = (first + kept) % lengths.length;
    lengths[slot] = n;
    closed[slot] = stats();
    kept++;
    keptSteps += n;
    while (kept > 1 && keptSteps > Tuning.HISTORY) {
      drop();
    }
    n = 0;
    java.util.Arrays.fill(squares, 0);
    java.util.Arrays.fill(lagged, 0);
    java.util.Arrays.fill(sums, 0);
    java.util.Arrays.fill(weightedSums, 0);
  }

  private void drop() {
    keptSteps -= lengths[first];
    first = (first + 1) % lengths.length;
    kept--;
  }

  /** The model from the intervals kept and the running one; null before two steps per rank. */
  LoadModel estimate() {
    double[][] a = new double[4][4];
    double[] b = new double[4];
    for (int j = 0; j <= kept; j++) {
      int len = j < kept ? lengths[(first + j) % lengths.length] : n;
      if (len == 0) {
        continue;
      }
      double[][] r = rows(len);
      double[] s = j < kept ? closed[(first + j) % lengths.length] : stats();
      for (int e = 0; e < 4; e++) {
        b[e] += s[e];
        for (int p = 0; p < 4; p++) {
          a[e][p] += ranks * r[e][p];
        }
      }
    }
    if (ranks == 0 || !(a[0][0] >= 2 * ranks)) {
      return null; // fewer than two steps per rank: the noise and the residue cannot be told apart
    }
    return LoadModel.of(NonNegativeLeastSquares.solve(a, b));
  }

  private double[] stats() {
    double[] s = new double[4];
    for (int j = 0; j < ranks; j++) {
      s[0] += squares[j];
      s[1] += lagged[j];
      s[2] += sums[j] * sums[j];
      s[3] += weightedSums[j] * weightedSums[j];
    }
    return s;
  }

  /**
   * E[stat] per rank = row · (residue, slope, wander, noise) for an interval of n steps, with Σ_{k,k'} min(k, k') =
   * Σ_j j² and Σ_{k,k'} k·k'·min(k, k') = Σ_j (Σ_{k≥j} k)².
   */
  static double[][] rows(int n) {
    double sk = n * (n + 1.0) / 2;
    double sk2 = n * (n + 1.0) * (2 * n + 1.0) / 6;
    double skk1 = sk2 - sk;
    double sk1 = sk - n;
    double smin = sk2;
    // Σ_j (Σ_{k≥j} k)² with Σ_{k≥j} k = sk − j(j − 1)/2, in closed form (Σj³ = sk², Σj⁴ below).
    double sk4 = n * (n + 1.0) * (2 * n + 1.0) * (3.0 * n * n + 3.0 * n - 1) / 30;
    double skmin = n * sk * sk - sk * (sk2 - sk) + (sk4 - 2 * sk * sk + sk2) / 4;
    return new double[][] {{n, sk2, sk, n}, {n - 1, skk1, sk1, 0}, {(double) n * n, sk * sk, smin, n},
        {sk * sk, sk2 * sk2, skmin, sk2}};
  }

  /** The state: the ranks, n, the five per-rank sums, then each kept interval's length and four sums, oldest first. */
  double[] toArray() {
    double[] out = new double[2 + 5 * ranks + 5 * kept];
    out[0] = ranks;
    out[1] = n;
    int o = 2;
    for (double[] v : new double[][] {squares, lagged, sums, weightedSums, last}) {
      System.arraycopy(v, 0, out, o, ranks);
      o += ranks;
    }
    for (int j = 0; j < kept; j++) {
      int slot = (first + j) % lengths.length;
      out[o++] = lengths[slot];
      System.arraycopy(closed[slot], 0, out, o, 4);
      o += 4;
    }
    return out;
  }

  /** Restores {@link #toArray()}; the caller has checked {@link #accepts}. */
  void set(double[] in) {
    n = (int) in[1];
    int o = 2;
    for (double[] v : new double[][] {squares, lagged, sums, weightedSums, last}) {
      System.arraycopy(in, o, v, 0, ranks);
      o += ranks;
    }
    first = 0;
    kept = 0;
    keptSteps = 0;
    for (; o < in.length; o += 5) {
      lengths[kept] = (int) in[o];
      closed[kept] = java.util.Arrays.copyOfRange(in, o + 1, o + 5);
      keptSteps += lengths[kept];
      kept++;
    }
  }

  /** Whether {@code in} is a state {@link #toArray()} of this many ranks could have written. */
  static boolean accepts(double[] in, int ranks) {
    if (in == null || in.length < 2 + 5 * ranks || in[0] != ranks || (in.length - 2 - 5 * ranks) % 5 != 0
        || (in.length - 2 - 5 * ranks) / 5 > Tuning.HISTORY || !(in[1] >= 0 && in[1] <= Integer.MAX_VALUE)) {
      return false;
    }
    for (int o = 2 + 5 * ranks; o < in.length; o += 5) {
      if (!(in[o] >= 1 && in[o] <= Integer.MAX_VALUE)) {
        return false;
      }
    }
    return true;
  }
}
