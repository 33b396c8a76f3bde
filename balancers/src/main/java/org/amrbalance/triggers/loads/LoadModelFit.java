package org.amrbalance.triggers.loads;

import java.util.ArrayList;
import java.util.List;

/**
 * Fits {@link LoadModel} to the recent deviations of a few ranks, pooled over ranks and intervals.
 *
 * <p>Start: the method of moments on four statistics of each rank and interval (Σy², Σy_k·y_(k−1), (Σy)², (Σk·y)²),
 * whose expectations are linear in the four variances, solved with the variances kept ≥ 0. Then maximum likelihood
 * (the Kalman filter's prediction errors, clipped at {@link RankFilter#CLIP} deviations) by a coordinate search in
 * half-octave steps, for each of six sub-models (wander alone, slope alone, either with the residue, all three) and
 * the one with the best Bayesian information criterion kept: with one run's data a four-variance model trades one
 * variance for another, and the growth it extrapolates wanders with it. Last, the growth (slope and wander together)
 * is set to its posterior mean under a log-uniform prior rather than its maximum: early in a run the likelihood is
 * flat, a maximum at or near 0 postpones the first remap for a hundred steps, and the mean does not.
 */
final class LoadModelFit {
  private static final int[][] SUB_MODELS = {{2}, {0, 2}, {1, 2}, {0, 1, 2}, {1}, {0, 1}};
  private static final int ITERATIONS = 2;
  private static final int HALF_OCTAVES = 6;

  private final int ranks;
  private final int capacity;
  private final double[][] shares;
  private final int[] ages;
  private long seen;

  /**
   * @param ranks ranks kept (the caller picks which)
   * @param capacity steps kept
   */
  LoadModelFit(int ranks, int capacity) {
    this.ranks = ranks;
    this.capacity = capacity;
    this.shares = new double[capacity][ranks];
    this.ages = new int[capacity];
  }

  /** One step's deviations of the kept ranks, {@code age} steps after the last remap (1 = the first). */
  void add(double[] y, int age) {
    int slot = (int) (seen++ % capacity);
    System.arraycopy(y, 0, shares[slot], 0, ranks);
    ages[slot] = age;
  }

  /** The intervals held whole (from their first step), oldest first; the last may still be running. */
  List<double[][]> intervals() {
    int held = (int) Math.min(seen, capacity);
    List<double[][]> out = new ArrayList<>();
    int j = 0;
    while (j < held) {
      int slot = (int) ((seen - held + j) % capacity);
      int len = 1;
      while (j + len < held && ages[(int) ((seen - held + j + len) % capacity)] == ages[slot] + len) {
        len++;
      }
      if (ages[slot] == 1) {
        double[][] d = new double[len][];
        for (int k = 0; k < len; k++) {
          d[k] = shares[(int) ((seen - held + j + k) % capacity)];
        }
        out.add(d);
      }
      j += len;
    }
    return out;
  }

  /** The fitted model, or null when fewer than two steps are held. */
  LoadModel estimate() {
    List<double[][]> data = intervals();
    long observations = 0;
    for (double[][] d : data) {
      observations += (long) d.length * ranks;
    }
    if (observations < 2L * ranks) {
      return null;
    }
    double[] start = moments(data);
    double noise = Math.max(start[3], 1e-12);
    double[] scale = {Math.max(start[0], noise * 1e-3), Math.max(start[1], noise * 1e-6),
        Math.max(start[2], noise * 1e-4)};
    double bestScore = Double.NEGATIVE_INFINITY;
    double[] best = start;
    for (int[] subModel : SUB_MODELS) {
      double[] theta = {0, 0, 0, noise};
      for (int p : subModel) {
        theta[p] = start[p] > 0 ? start[p] : scale[p];
      }
      double ll = logLikelihood(data, theta);
      for (int it = 0; it < ITERATIONS; it++) {
        for (int c = 0; c <= subModel.length; c++) {
          int p = c < subModel.length ? subModel[c] : 3;
          int half = p == 3 ? 2 : HALF_OCTAVES;
          double step = p == 3 ? 0.25 : 0.5; // the noise is well determined: a finer, shorter search
          double centre = theta[p];
          double chosen = centre;
          for (int j = -half; j <= half; j++) {
            if (j == 0) {
              continue;
            }
            theta[p] = centre * Math.pow(2, j * step);
            double l = logLikelihood(data, theta);
            if (l > ll) {
              ll = l;
              chosen = theta[p];
            }
          }
          theta[p] = chosen;
        }
      }
      double score = ll - 0.5 * (subModel.length + 1) * Math.log(observations);
      if (score > bestScore) {
        bestScore = score;
        best = theta.clone();
      }
    }
    return LoadModel.of(posteriorGrowth(data, best));
  }

  /** The growth (slope, wander) scaled to its posterior mean scale, log-uniform prior on a half-octave grid. */
  private double[] posteriorGrowth(List<double[][]> data, double[] theta) {
    double[] direction = {0, theta[1], theta[2], 0};
    int low = -8;
    int high = 4;
    if (direction[1] == 0 && direction[2] == 0) {
      direction[2] = 1e-3 * Math.max(theta[3], 1e-12); // no growth fitted: search a wide range of wander
      low = -14;
      high = 8;
    }
    int points = 2 * (high - low) + 1;
    double[] ll = new double[points];
    double max = Double.NEGATIVE_INFINITY;
    double[] t = theta.clone();
    for (int j = 0; j < points; j++) {
      double s = Math.pow(2, low + j * 0.5);
      t[1] = s * direction[1];
      t[2] = s * direction[2];
      ll[j] = logLikelihood(data, t);
      max = Math.max(max, ll[j]);
    }
    double weights = 0;
    double weighted = 0;
    for (int j = 0; j < points; j++) {
      double w = Math.exp(ll[j] - max);
      weights += w;
      weighted += w * Math.pow(2, low + j * 0.5);
    }
    double s = weighted / weights;
    return new double[] {theta[0], s * direction[1], s * direction[2], theta[3]};
  }

  /**
   * Σ over ranks and intervals of the filter's log prediction densities (up to a constant), innovations clipped. The
   * filter's variances and gains depend on the model and the step's age only, not on the data: they are computed once
   * per age ({@link RankFilter#gains}) and every rank and interval reuses them.
   */
  private double logLikelihood(List<double[][]> data, double[] theta) {
    int longest = 0;
    for (double[][] d : data) {
      longest = Math.max(longest, d.length);
    }
    double[][] g = RankFilter.gains(theta[0], theta[1], theta[2], theta[3], longest);
    double[] k1 = g[0];
    double[] k2 = g[1];
    double[] sd = g[2];
    double[] logVariance = g[3];
    double ll = 0;
    for (double[][] d : data) {
      for (int i = 0; i < ranks; i++) {
        double level = 0;
        double slope = 0;
        for (int k = 0; k < d.length; k++) {
          level += slope;
          double innovation = Math.max(-RankFilter.CLIP * sd[k], Math.min(RankFilter.CLIP * sd[k], d[k][i] - level));
          double z = innovation / sd[k];
          level += k1[k] * innovation;
          slope += k2[k] * innovation;
          ll += -0.5 * (logVariance[k] + z * z);
        }
      }
    }
    return ll;
  }

  /** Method-of-moments start: (residue, slope, wander, noise), each ≥ 0. */
  private double[] moments(List<double[][]> data) {
    double[][] coefficients = new double[4][4];
    double[] observed = new double[4];
    for (double[][] d : data) {
      int n = d.length;
      double sk = 0;
      double sk2 = 0;
      double skk1 = 0;
      double sk1 = 0;
      for (int k = 1; k <= n; k++) {
        sk += k;
        sk2 += (double) k * k;
        if (k >= 2) {
          skk1 += (double) k * (k - 1);
          sk1 += k - 1;
        }
      }
      // Σ_{k,k'} min(k, k') = Σ_j (n − j + 1)², Σ_{k,k'} k·k'·min(k, k') = Σ_j (Σ_{k≥j} k)².
      double smin = 0;
      double skmin = 0;
      double tail = 0;
      for (int j = n; j >= 1; j--) {
        tail += j;
        smin += (double) (n - j + 1) * (n - j + 1);
        skmin += tail * tail;
      }
      double[][] rows = {{n, sk2, sk, n}, {n - 1, skk1, sk1, 0}, {(double) n * n, sk * sk, smin, n},
          {sk * sk, sk2 * sk2, skmin, sk2}};
      for (int i = 0; i < ranks; i++) {
        double s0 = 0;
        double s1 = 0;
        double a = 0;
        double b = 0;
        for (int k = 1; k <= n; k++) {
          double v = d[k - 1][i];
          s0 += v * v;
          if (k >= 2) {
            s1 += v * d[k - 2][i];
          }
          a += v;
          b += k * v;
        }
        double[] stats = {s0, s1, a * a, b * b};
        for (int e = 0; e < 4; e++) {
          observed[e] += stats[e];
          for (int p = 0; p < 4; p++) {
            coefficients[e][p] += rows[e][p];
          }
        }
      }
    }
    return NonNegativeLeastSquares.solve(coefficients, observed);
  }

  /** The held steps and their ages, oldest first, flattened; with {@link #set}. */
  double[] toArray() {
    int held = (int) Math.min(seen, capacity);
    double[] out = new double[held * (ranks + 1)];
    for (int j = 0; j < held; j++) {
      int slot = (int) ((seen - held + j) % capacity);
      out[j * (ranks + 1)] = ages[slot];
      System.arraycopy(shares[slot], 0, out, j * (ranks + 1) + 1, ranks);
    }
    return out;
  }

  void set(double[] state) {
    seen = 0;
    for (int j = 0; j < state.length / (ranks + 1); j++) {
      double[] y = new double[ranks];
      System.arraycopy(state, j * (ranks + 1) + 1, y, 0, ranks);
      add(y, (int) state[j * (ranks + 1)]);
    }
  }
}
