package org.amrbalance.triggers.loads;

/**
 * What each rank does after every remap alike: the least-squares offset and slope of its deviation over each closed
 * interval, averaged per rank and shrunk towards the mean over ranks by how much of their spread is more than the
 * intervals' scatter (James–Stein, between-rank variance τ² = max(0, B − W/J), weight τ²/(τ² + W/J)). A solver whose
 * partition keeps each rank on the same part of a moving feature (seed 000's LD: the rank at the edge the work drifts
 * to gains in every interval) gets that drift as the prior of the next interval; ranks that change at random get
 * weights near 0 and the prior stays at 0.
 */
final class RankDrift {
  private static final int MIN_STEPS = Tuning.MIN_DRIFT_STEPS;

  private final int ranks;
  private int intervals;
  private final double[] sumOffset;
  private final double[] sumOffsetSquares;
  private final double[] sumSlope;
  private final double[] sumSlopeSquares;

  RankDrift(int ranks) {
    this.ranks = ranks;
    sumOffset = new double[ranks];
    sumOffsetSquares = new double[ranks];
    sumSlope = new double[ranks];
    sumSlopeSquares = new double[ranks];
  }

  /**
   * A closed interval of {@code n} steps given by each rank's Σ_k y_k and Σ_k k·y_k (k = 1..n), which are reset to
   * 0 as they are read; shorter than {@link #MIN_STEPS} it is ignored.
   */
  void add(int n, double[] sumY, double[] sumKy) {
    if (n < MIN_STEPS) {
      java.util.Arrays.fill(sumY, 0);
      java.util.Arrays.fill(sumKy, 0);
      return;
    }
    double meanK = (n + 1) / 2.0;
    double sxx = n * ((double) n * n - 1) / 12.0;
    for (int i = 0; i < ranks; i++) {
      double b = (sumKy[i] - meanK * sumY[i]) / sxx;
      double a = sumY[i] / n - b * meanK;
      sumOffset[i] += a;
      sumOffsetSquares[i] += a * a;
      sumSlope[i] += b;
      sumSlopeSquares[i] += b * b;
      sumY[i] = 0; // consumed: the next interval sums afresh
      sumKy[i] = 0;
    }
    intervals++;
  }

  /** Whether at least two intervals were seen (one gives no scatter to shrink by). */
  boolean ready() {
    return intervals >= 2;
  }

  /**
   * Writes the shrunk offsets and slopes into the given arrays (an interval's start, on every rank: no allocation)
   * and returns the slopes' weight.
   */
  double shrinkInto(double[] offsetsOut, double[] slopesOut) {
    shrinkInto(sumOffset, sumOffsetSquares, offsetsOut);
    return shrinkInto(sumSlope, sumSlopeSquares, slopesOut);
  }

  /** Two passes: the per-rank means' grand mean, within and between spreads, then the shrunk values. */
  private double shrinkInto(double[] sum, double[] squares, double[] out) {
    int j = intervals;
    double grand = 0;
    double within = 0;
    double meanSquares = 0;
    for (int i = 0; i < ranks; i++) {
      double mean = sum[i] / j;
      grand += mean;
      meanSquares += mean * mean;
      within += squares[i] - j * mean * mean;
    }
    grand /= ranks;
    within /= (double) ranks * Math.max(1, j - 1);
    double between = Math.max(0, meanSquares - ranks * grand * grand) / Math.max(1, ranks - 1);
    double tau = Math.max(0, between - within / j);
    double weight = tau + within / j > 0 ? tau / (tau + within / j) : 0;
    for (int i = 0; i < ranks; i++) {
      out[i] = grand + weight * (sum[i] / j - grand);
    }
    return weight;
  }

  double[] toArray() {
    double[] out = new double[4 * ranks + 1];
    out[0] = intervals;
    System.arraycopy(sumOffset, 0, out, 1, ranks);
    System.arraycopy(sumOffsetSquares, 0, out, 1 + ranks, ranks);
    System.arraycopy(sumSlope, 0, out, 1 + 2 * ranks, ranks);
    System.arraycopy(sumSlopeSquares, 0, out, 1 + 3 * ranks, ranks);
    return out;
  }

  void set(double[] state) {
    intervals = (int) state[0];
    System.arraycopy(state, 1, sumOffset, 0, ranks);
    System.arraycopy(state, 1 + ranks, sumOffsetSquares, 0, ranks);
    System.arraycopy(state, 1 + 2 * ranks, sumSlope, 0, ranks);
    System.arraycopy(state, 1 + 3 * ranks, sumSlopeSquares, 0, ranks);
  }
}
