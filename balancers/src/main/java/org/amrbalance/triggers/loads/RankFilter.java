package org.amrbalance.triggers.loads;

/**
 * One Kalman filter per rank on the state (deviation ℓ, slope b) of {@link LoadModel}, started at a remap where the
 * balancer left the rank: ℓ ~ N(offset, residue), b ~ N(drift, slope variance). Innovations beyond {@link #CLIP}
 * predicted deviations are clipped, so a spike the caller did not hold moves the estimate by a bounded amount.
 */
final class RankFilter {
  /** Innovations are clipped at this many predicted standard deviations. */
  static final double CLIP = 5;
  private static final int LEVEL = 0;
  private static final int SLOPE = 1;
  private static final int P11 = 2;
  private static final int P12 = 3;
  private static final int P22 = 4;

  /** Per rank (ℓ, b, P11, P12, P22). */
  private final double[][] state;

  RankFilter(int ranks) {
    state = new double[ranks][5];
  }

  /** Starts an interval: rank i at offsets[i] with slope drifts[i] (null: 0), slope variance {@code slopeVariance}. */
  void start(LoadModel model, double[] offsets, double[] drifts, double slopeVariance) {
    for (int i = 0; i < state.length; i++) {
      start(state[i], model.residue(), offsets == null ? 0 : offsets[i], drifts == null ? 0 : drifts[i],
          slopeVariance);
    }
  }

  static void start(double[] s, double residue, double offset, double drift, double slopeVariance) {
    s[LEVEL] = offset;
    s[SLOPE] = drift;
    s[P11] = residue;
    s[P12] = 0;
    s[P22] = slopeVariance;
  }

  /** Adds {@code variance} to every rank's deviation variance: the next step may have jumped (a regrid). */
  void inflate(double variance) {
    for (double[] s : state) {
      s[P11] += variance;
    }
  }

  /**
   * One step's observed deviations. Every rank starts an interval with the same variances and is widened alike, so
   * the variances and gains are computed once and the ranks differ only in their means.
   */
  void update(LoadModel model, double[] y) {
    if (state.length == 0) {
      return;
    }
    double[] shared = state[0].clone();
    double[] step = predictAndCorrect(shared, model.wander(), model.noise());
    double sd = step[2];
    for (double[] s : state) {
      s[LEVEL] += s[SLOPE];
    }
    for (int i = 0; i < state.length; i++) {
      double[] s = state[i];
      double innovation = Math.max(-CLIP * sd, Math.min(CLIP * sd, y[i] - s[LEVEL]));
      s[LEVEL] += step[0] * innovation;
      s[SLOPE] += step[1] * innovation;
      s[P11] = shared[P11];
      s[P12] = shared[P12];
      s[P22] = shared[P22];
    }
  }

  /**
   * The gains of the first {@code steps} steps of an interval started with variances (residue, 0, slope): per step k
   * (from 0), {level gain, slope gain, predicted deviation √S, log S}. They depend on the model only, so every rank and
   * interval shares them.
   */
  static double[][] gains(double residue, double slope, double wander, double noise, int steps) {
    double[][] g = new double[4][steps];
    double[] s = new double[5];
    s[P11] = residue;
    s[P22] = slope;
    for (int k = 0; k < steps; k++) {
      double[] step = predictAndCorrect(s, wander, noise);
      g[0][k] = step[0];
      g[1][k] = step[1];
      g[2][k] = step[2];
      g[3][k] = Math.log(step[3]);
    }
    return g;
  }

  /** Advances the variances of {@code s} by one step; returns {level gain, slope gain, predicted deviation, S}. */
  private static double[] predictAndCorrect(double[] s, double q, double r) {
    double a11 = s[P11] + 2 * s[P12] + s[P22] + q;
    double a12 = s[P12] + s[P22];
    double v = a11 + Math.max(r, 1e-12);
    double k1 = a11 / v;
    double k2 = a12 / v;
    s[P22] -= k2 * a12;
    s[P11] = a11 - k1 * a11;
    s[P12] = a12 - k1 * a12;
    return new double[] {k1, k2, Math.sqrt(v), v};
  }

  /** The posterior mean deviations. */
  double[] levels() {
    double[] v = new double[state.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = state[i][LEVEL];
    }
    return v;
  }

  /** The posterior variances of the deviations. */
  double[] variances() {
    double[] v = new double[state.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.max(0, state[i][P11]);
    }
    return v;
  }

  /** The state, five numbers per rank, flattened. */
  double[] toArray() {
    double[] out = new double[5 * state.length];
    for (int i = 0; i < state.length; i++) {
      System.arraycopy(state[i], 0, out, 5 * i, 5);
    }
    return out;
  }

  void set(double[] flat) {
    for (int i = 0; i < state.length; i++) {
      System.arraycopy(flat, 5 * i, state[i], 0, 5);
    }
  }
}
