package org.amrbalance.triggers.loads;

import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.frequency.MaxFactor;

/**
 * The idle a remap removes in expectation, in shares of the step: E[max_i (1 + ℓ_i)(1 + ε_i)] − E[max_i (1 + ε_i)] with
 * ℓ_i ~ N(m_i, P) the posterior of rank i's load deviation (P shared by every rank, as the filter's is) and ε_i ~ N(0,
 * R) its measurement noise, noise being proportional to the work (a rank with more work also varies more).
 *
 * <p>Each X_i = ℓ_i + (1 + ℓ_i)ε_i is taken as a normal of mean m_i and variance P + R(1 + m_i)², shifted up by its
 * skew: X_i mixes a spread that grows with ℓ_i, and the maximum of N sits in that longer right tail, by about
 * P·R_i/(P + R_i)·(E[Z²_(N)] − 1) (a Cornish–Fisher term; E[Z²_(N)] the mean square of the largest of N standard
 * normals). Without it the growth of the idle under 20% noise comes out a third too small (16 ranks, checked by
 * simulation in the tests).
 *
 * <p>Cost: two passes over the ranks (the {@link Tuning#EXACT_RANKS} largest means kept in a small sorted array, since
 * every X_i increases with m_i and the largest means are the likeliest maxima; the rest binned by level into
 * {@link Tuning#POOL_BINS} blocks of i.i.d. normals), then {@link Tuning#QUADRATURE_INTERVALS} + 1 points × at most 40
 * factors of a tabulated Φ. An instance holds that workspace and is not thread-safe.
 */
final class ExpectedIdle {
  private static final int K = Tuning.EXACT_RANKS;
  /** Deviations either side of the means that the quadrature covers: Φ(−7) ≈ 1e-12. */
  private static final double RANGE = 7;

  private final double[] topMean = new double[K];
  /** E[Z²_(n)] − 1 and E[Z_(n)] for the rank count of the last call. */
  private int cachedRanks;
  private double cachedSkew;
  private double cachedMax;
  /** The step's levels: how many kept, the smallest kept once there are K, their sum and the lowest. */
  private int kept;
  private double threshold;
  private double sum;
  private double low;
  private final double[] mu = new double[K];
  private final double[] sd = new double[K];
  private final double[] inverse = new double[K];
  private final double[] binCount = new double[Tuning.POOL_BINS];
  private final double[] binSum = new double[Tuning.POOL_BINS];
  private final double[] binSquares = new double[Tuning.POOL_BINS];
  private final double[] binMu = new double[Tuning.POOL_BINS];
  private final double[] binSd = new double[Tuning.POOL_BINS];

  /**
   * @param means posterior mean deviations m_i of the first {@code n} entries (shares, centred or not)
   * @param n ranks
   * @param variance posterior variance P ≥ 0 of every rank's deviation
   * @param noise measurement noise variance R ≥ 0
   * @return the expected idle a remap removes now, in shares of the mean step time (may be slightly below 0)
   */
  double of(double[] means, int n, double variance, double noise) {
    Checks.check(n >= 1 && means.length >= n, "n", n, "must be in [1, means.length]");
    select(means, n);
    return finish(means, n, variance, noise);
  }

  /**
   * One pass over the levels: their sum, the lowest, and the {@link Tuning#EXACT_RANKS} largest (sorted). Four
   * accumulators each, so that no addition waits for the one before: this pass was the trigger's dearest at 65,536
   * ranks.
   */
  private void select(double[] means, int n) {
    kept = 0;
    threshold = Double.NEGATIVE_INFINITY;
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    double l0 = Double.POSITIVE_INFINITY;
    double l1 = l0;
    double l2 = l0;
    double l3 = l0;
    int i = 0;
    for (; i + 3 < n; i += 4) {
      double m0 = means[i];
      double m1 = means[i + 1];
      double m2 = means[i + 2];
      double m3 = means[i + 3];
      s0 += m0;
      s1 += m1;
      s2 += m2;
      s3 += m3;
      l0 = m0 < l0 ? m0 : l0;
      l1 = m1 < l1 ? m1 : l1;
      l2 = m2 < l2 ? m2 : l2;
      l3 = m3 < l3 ? m3 : l3;
      if (m0 > threshold) {
        keep(m0);
      }
      if (m1 > threshold) {
        keep(m1);
      }
      if (m2 > threshold) {
        keep(m2);
      }
      if (m3 > threshold) {
        keep(m3);
      }
    }
    for (; i < n; i++) {
      double m = means[i];
      s0 += m;
      l0 = m < l0 ? m : l0;
      if (m > threshold) {
        keep(m);
      }
    }
    sum = (s0 + s1) + (s2 + s3);
    low = Math.min(Math.min(l0, l1), Math.min(l2, l3));
  }

  /** Inserts a level into the sorted largest ones; the threshold becomes the smallest kept once there are K. */
  private void keep(double m) {
    int j = kept < K ? kept++ : K - 1;
    while (j > 0 && topMean[j - 1] < m) {
      topMean[j] = topMean[j - 1];
      j--;
    }
    topMean[j] = m;
    threshold = kept < K ? Double.NEGATIVE_INFINITY : topMean[K - 1];
  }

  /** The expected idle of the selected levels {@code means[0..n)} under {@code variance} and noise. */
  private double finish(double[] means, int n, double variance, double noise) {
    if (n == 1) {
      return 0;
    }
    double p = Math.max(0, variance);
    if (n != cachedRanks) { // the same n every step: no map look-ups
      cachedRanks = n;
      cachedSkew = MaxFactor.expectedSquaredMaxOfNormals(n) - 1;
      cachedMax = MaxFactor.NORMAL_EXACT.of(n);
    }
    double z2 = cachedSkew;
    for (int j = 0; j < kept; j++) {
      double m = topMean[j];
      mu[j] = m + skew(m, p, noise, z2);
      sd[j] = Math.sqrt(p + noise * (1 + m) * (1 + m));
    }
    int bins = n > kept ? pool(means, n, kept, low, p, noise, z2) : 0;
    double baseline = Math.sqrt(noise) * cachedMax;
    return expectedMax(kept, bins) - sum / n - baseline;
  }

  /** q_k with Φ(q_k)^k = 1e-12, capped at 0 (the bound holds only below mu_K), for k = 1..K. */
  private static final double[] LOW_QUANTILE = lowQuantiles();

  private static double[] lowQuantiles() {
    double[] q = new double[K + 1];
    for (int k = 1; k <= K; k++) {
      double target = Math.pow(1e-12, 1.0 / k);
      double a = -RANGE;
      double b = 0;
      for (int it = 0; it < 60; it++) {
        double c = (a + b) / 2;
        if (NormalTable.cdf(c) < target) {
          a = c;
        } else {
          b = c;
        }
      }
      q[k] = a;
    }
    return q;
  }

  private static double lowQuantile(int k) {
    return LOW_QUANTILE[k];
  }

  private static double skew(double m, double p, double noise, double z2) {
    double r = noise * (1 + m) * (1 + m);
    return p + r > 0 ? p * r / (p + r) * z2 : 0;
  }

  /**
   * The ranks below the kept ones, binned by level between the lowest level and the smallest kept one: each bin a
   * block of i.i.d. normals with its count and moments, so the pool keeps the shape of its tail. Beyond
   * {@link Tuning#POOL_SAMPLE} ranks the bins' shares and moments come from every k-th rank and are scaled to the
   * pool's size (binning was a third of a step's cost at 65,536 ranks). Returns the bins.
   */
  private int pool(double[] means, int n, int kept, double low, double p, double noise, double z2) {
    int bins = Tuning.POOL_BINS;
    double high = topMean[kept - 1];
    double width = (high - low) / bins;
    double perWidth = width > 0 ? 1 / width : 0;
    java.util.Arrays.fill(binCount, 0);
    java.util.Arrays.fill(binSum, 0);
    java.util.Arrays.fill(binSquares, 0);
    int stride = Math.max(1, n / Tuning.POOL_SAMPLE);
    int below = 0;
    for (int i = 0; i < n; i += stride) {
      double m = means[i];
      if (m < high) {
        int b = (int) ((m - low) * perWidth);
        b = b < bins ? b : bins - 1;
        binCount[b]++;
        binSum[b] += m;
        binSquares[b] += m * m;
        below++;
      }
    }
    int pooled = n - kept;
    // Every rank: those level with the smallest kept one but not kept join the top bin. Sampled: scaled to the pool.
    double ties = stride == 1 || below == 0 ? pooled - below : 0;
    double scale = stride == 1 || below == 0 ? 1 : pooled / (double) below;
    binCount[bins - 1] += ties;
    binSum[bins - 1] += ties * high;
    binSquares[bins - 1] += ties * high * high;
    for (int b = 0; b < bins; b++) {
      if (binCount[b] > 0) {
        double m = binSum[b] / binCount[b];
        double spread = Math.max(0, binSquares[b] / binCount[b] - m * m);
        binCount[b] *= scale;
        binMu[b] = m + skew(m, p, noise, z2);
        binSd[b] = Math.sqrt(p + noise * (1 + m) * (1 + m) + spread);
      }
    }
    return bins;
  }

  /**
   * a + ∫_a^b (1 − Π Φ) dx by Simpson's rule over the kept normals (mu descending) and the bins: below a the product
   * is 0, above b it is 1.
   */
  private double expectedMax(int kept, int bins) {
    double a = Double.NEGATIVE_INFINITY;
    double b = Double.NEGATIVE_INFINITY;
    double widest = 0;
    for (int j = 0; j < kept; j++) {
      a = Math.max(a, mu[j] - RANGE * sd[j]);
      b = Math.max(b, mu[j] + RANGE * sd[j]);
      widest = Math.max(widest, sd[j]);
    }
    for (int k = 0; k < bins; k++) {
      if (binCount[k] > 0) {
        a = Math.max(a, binMu[k] - RANGE * binSd[k]);
        b = Math.max(b, binMu[k] + RANGE * binSd[k]);
      }
    }
    // Below mu_K + widest·q_K every kept X_i (mu_i ≥ mu_K) is below its q_K quantile, so Π Φ < Φ(q_K)^K = 1e-12: the
    // quadrature starts there instead of seven deviations below, where many ranks leave nothing to integrate.
    a = Math.max(a, mu[kept - 1] + widest * lowQuantile(kept));
    if (!(b > a)) {
      return a; // every X_i is a constant
    }
    int intervals = Tuning.QUADRATURE_INTERVALS;
    double h = (b - a) / intervals;
    for (int i = 0; i < kept; i++) {
      inverse[i] = sd[i] > 0 ? 1 / sd[i] : 0;
    }
    double s = 0;
    for (int j = 0; j <= intervals; j++) {
      double x = a + j * h;
      double product = 1;
      for (int i = 0; i < kept && product > 0; i++) {
        product *= sd[i] > 0 ? NormalTable.cdf((x - mu[i]) * inverse[i]) : x >= mu[i] ? 1 : 0;
      }
      for (int k = 0; k < bins && product > 0; k++) {
        if (binCount[k] > 0) {
          product *= Math.pow(NormalTable.cdf(x, binMu[k], binSd[k]), binCount[k]);
        }
      }
      s += (1 - product) * (j == 0 || j == intervals ? 1 : j % 2 == 1 ? 4 : 2);
    }
    return a + s * h / 3;
  }

  /** E[max_i N(mu_i, sd_i²)] of at most {@link Tuning#EXACT_RANKS} normals by the same quadrature (for the tests). */
  static double expectedMaxOf(double[] means, double[] deviations) {
    Checks.check(means.length >= 1 && means.length <= K && means.length == deviations.length, "means", means.length,
        "must be 1 to " + K + " and as many as the deviations");
    Integer[] order = new Integer[means.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (x, y) -> Double.compare(means[y], means[x]));
    ExpectedIdle e = new ExpectedIdle();
    for (int j = 0; j < order.length; j++) {
      e.mu[j] = means[order[j]];
      e.sd[j] = deviations[order[j]];
    }
    return e.expectedMax(order.length, 0);
  }
}
