package org.amrbalance.triggers.loads;

import java.util.function.ObjIntConsumer;

/**
 * Fits {@link LoadModel} by the method of moments, online: for each fitted rank and interval four statistics (Σy²,
 * Σy_k·y_(k−1), (Σy)², (Σk·y)²), whose expectations are linear in the four variances, are kept as running sums; a
 * closed interval is kept as its length and its four sums over the fitted ranks, as long as the closed intervals kept
 * span at most {@link Tuning#HISTORY} steps (the last one always), so any one step's influence ends after a bounded
 * window; a fit adds the running interval and solves with the variances kept ≥ 0 ({@link NonNegativeLeastSquares}).
 *
 * <p>Memory is five numbers per fitted rank and nine per kept interval: nothing grows with the run, the interval or
 * the rank count. A fit is a sum over the kept intervals and one 4-unknown non-negative least squares. (It replaced a maximum-likelihood search over the
 * last 400 steps, some hundreds of filter passes a fit, whose cost made the trigger the dearest thing the library did
 * every step.)
 */
final class MomentFit {
  /**
   * Numbers kept per closed interval besides its length: four sums, the three coefficients of skipped pairs and the
   * sum of squared step-to-step changes within regrids.
   */
  private static final int STATS = 8;
  /** Numbers of the state before the per-rank sums: the ranks, n, the running interval's skipped pairs and changes. */
  private static final int HEAD = 6;

  private final int ranks;
  /** Per fitted rank, this interval: Σy², Σy_k·y_(k−1), Σy, Σk·y, and the last y. */
  private final double[] squares;
  private final double[] lagged;
  private final double[] sums;
  private final double[] weightedSums;
  private final double[] last;
  /** Interval length and the sums over its steps that the expectations need (see {@link #rows}). */
  private int n;
  /**
   * The lag pairs left out of Σy_k·y_(k−1) this interval, as their coefficients in its expectation (count, Σk(k−1),
   * Σ(k−1)): a pair across a regrid, whose new grids redraw the deviations, would count the redraw as noise.
   */
  private final double[] skipped = new double[3];
  /** Σ(y_k − y_(k−1))² over the fitted ranks and this interval's pairs within regrids. */
  private double changes;
  /** The closed intervals kept, oldest first from {@code first} (a ring): lengths and their {@link #STATS} numbers. */
  private final int[] lengths = new int[Tuning.HISTORY];
  private final double[][] closed = new double[Tuning.HISTORY][STATS];
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

  /**
   * One step of the running interval: {@code y[j]} is fitted rank j's deviation; {@code afterRegrid}: the host
   * regridded before it, so its pair with the step before is left out of the lag sum.
   */
  void add(double[] y, boolean afterRegrid) {
    n++;
    boolean pair = n >= 2 && !afterRegrid;
    if (n >= 2 && afterRegrid) {
      skipped[0] += 1;
      skipped[1] += n * (n - 1.0);
      skipped[2] += n - 1;
    }
    for (int j = 0; j < ranks; j++) {
      double v = y[j];
      squares[j] += v * v;
      if (pair) {
        lagged[j] += v * last[j];
        changes += (v - last[j]) * (v - last[j]);
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
    java.util.Arrays.fill(skipped, 0);
    changes = 0;
  }

  private void drop() {
    keptSteps -= lengths[first];
    first = (first + 1) % lengths.length;
    kept--;
  }

  /** Gives {@code visit} each kept interval's {@link #STATS} numbers and length, then the running one's if begun. */
  private void forEachInterval(ObjIntConsumer<double[]> visit) {
    for (int j = 0; j <= kept; j++) {
      int len = j < kept ? lengths[(first + j) % lengths.length] : n;
      if (len > 0) {
        visit.accept(j < kept ? closed[(first + j) % lengths.length] : stats(), len);
      }
    }
  }

  /** The model from the intervals kept and the running one; null before two steps per rank. */
  LoadModel estimate() {
    double[][] a = new double[4][4];
    double[] b = new double[4];
    double[] pairSums = new double[3]; // pairs across regrids, squared changes within them, pairs within them
    forEachInterval((s, len) -> {
      double[][] r = rows(len);
      for (int p = 0; p < 3; p++) {
        r[1][p] -= s[4 + p];
      }
      pairSums[0] += s[4];
      pairSums[1] += s[7];
      pairSums[2] += ranks * (len - 1 - s[4]);
      for (int e = 0; e < 4; e++) {
        b[e] += s[e];
        for (int p = 0; p < 4; p++) {
          a[e][p] += ranks * r[e][p];
        }
      }
    });
    double regrids = pairSums[0];
    double changeSum = pairSums[1];
    double pairs = pairSums[2];
    if (ranks == 0 || !(a[0][0] >= 2 * ranks)) {
      return null; // fewer than two steps per rank: the noise and the residue cannot be told apart
    }
    if (regrids > 0 && pairs > 0) {
      // Deviations that regrids redraw are no random walk: the four equations would take the redraws for noise, and
      // the filter would then not follow a regrid's new level. The noise comes from the changes within regrids
      // instead, E[(y_k − y_(k−1))²] = 2·noise + slope + wander, whose drift part is small beside it (upper bound).
      double noise = changeSum / (2 * pairs);
      double[][] rest = new double[4][3];
      for (int e = 0; e < 4; e++) {
        b[e] -= a[e][3] * noise;
        System.arraycopy(a[e], 0, rest[e], 0, 3);
      }
      double[] x = NonNegativeLeastSquares.solve(rest, b);
      return new LoadModel(x[0], x[1], x[2], noise);
    }
    return LoadModel.of(NonNegativeLeastSquares.solve(a, b));
  }

  /** The mean squared step-to-step change of the fitted ranks' deviations, pairs across regrids left out; NaN: none. */
  double meanSquaredChange() {
    double[] sums = new double[2];
    forEachInterval((s, len) -> {
      sums[0] += s[7];
      sums[1] += ranks * (len - 1 - s[4]);
    });
    return sums[1] > 0 ? sums[0] / sums[1] : Double.NaN;
  }

  /**
   * How far the interval sums (Σy)² and (Σk·y)² of the kept and running intervals lie from what {@code model}
   * expects of them, in deviations: the larger of the two |observed − expected| / √(2·Σ E²), each rank-interval's
   * sum being E·χ²₁ under the model. Both sums carry the growth, so a model of another problem shows here once the
   * steps can tell it; 0 before any step.
   */
  double discrepancy(LoadModel model) {
    double[] theta = model.toArray();
    double[] observed = new double[4];
    double[] expected = new double[4];
    double[] spread = new double[4];
    forEachInterval((s, len) -> {
      double[][] r = rows(len);
      for (int e = 2; e < 4; e++) {
        double mean = 0;
        for (int p = 0; p < 4; p++) {
          mean += r[e][p] * theta[p];
        }
        observed[e] += s[e];
        expected[e] += ranks * mean;
        spread[e] += 2 * ranks * mean * mean;
      }
    });
    double worst = 0;
    for (int e = 2; e < 4; e++) {
      if (spread[e] > 0) {
        worst = Math.max(worst, Math.abs(observed[e] - expected[e]) / Math.sqrt(spread[e]));
      } else if (observed[e] > 0) {
        return Double.POSITIVE_INFINITY; // the model expects no spread at all and the steps have some
      }
    }
    return worst;
  }

  private double[] stats() {
    double[] s = new double[STATS];
    System.arraycopy(skipped, 0, s, 4, 3);
    s[7] = changes;
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

  /**
   * The state: the ranks, n, the running interval's three skipped-pair coefficients and its changes within regrids,
   * the five per-rank sums, then each kept interval's length and eight numbers, oldest first.
   */
  double[] toArray() {
    double[] out = new double[HEAD + 5 * ranks + (1 + STATS) * kept];
    out[0] = ranks;
    out[1] = n;
    System.arraycopy(skipped, 0, out, 2, 3);
    out[5] = changes;
    int o = HEAD;
    for (double[] v : new double[][] {squares, lagged, sums, weightedSums, last}) {
      System.arraycopy(v, 0, out, o, ranks);
      o += ranks;
    }
    for (int j = 0; j < kept; j++) {
      int slot = (first + j) % lengths.length;
      out[o++] = lengths[slot];
      System.arraycopy(closed[slot], 0, out, o, STATS);
      o += STATS;
    }
    return out;
  }

  /** Restores {@link #toArray()}; the caller has checked {@link #accepts}. */
  void set(double[] in) {
    n = (int) in[1];
    System.arraycopy(in, 2, skipped, 0, 3);
    changes = in[5];
    int o = HEAD;
    for (double[] v : new double[][] {squares, lagged, sums, weightedSums, last}) {
      System.arraycopy(in, o, v, 0, ranks);
      o += ranks;
    }
    first = 0;
    kept = 0;
    keptSteps = 0;
    for (; o < in.length; o += 1 + STATS) {
      lengths[kept] = (int) in[o];
      closed[kept] = java.util.Arrays.copyOfRange(in, o + 1, o + 1 + STATS);
      keptSteps += lengths[kept];
      kept++;
    }
  }

  /** Whether {@code in} is a state {@link #toArray()} of this many ranks could have written. */
  static boolean accepts(double[] in, int ranks) {
    int tail = in == null ? -1 : in.length - HEAD - 5 * ranks;
    if (tail < 0 || in[0] != ranks || tail % (1 + STATS) != 0 || tail / (1 + STATS) > Tuning.HISTORY
        || !(in[1] >= 0 && in[1] <= Integer.MAX_VALUE)) {
      return false;
    }
    for (int o = HEAD + 5 * ranks; o < in.length; o += 1 + STATS) {
      if (!(in[o] >= 1 && in[o] <= Integer.MAX_VALUE)) {
        return false;
      }
    }
    return true;
  }
}
