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

  /** One step's observed deviations. */
  void update(LoadModel model, double[] y) {
    for (int i = 0; i < state.length; i++) {
      advance(state[i], y[i], model.wander(), model.noise());
    }
  }

  /**
   * One predict-and-correct step of one rank's state {@code s} on the observation y, with wander variance q and noise
   * variance r; returns the log prediction density up to a constant, −(log S + z²)/2, z the clipped innovation.
   */
  static double advance(double[] s, double y, double q, double r) {
    s[LEVEL] += s[SLOPE];
    double a11 = s[P11] + 2 * s[P12] + s[P22] + q;
    double a12 = s[P12] + s[P22];
    double v = a11 + Math.max(r, 1e-12);
    double sd = Math.sqrt(v);
    double innovation = Math.max(-CLIP * sd, Math.min(CLIP * sd, y - s[LEVEL]));
    double z = innovation / sd;
    double k1 = a11 / v;
    double k2 = a12 / v;
    s[LEVEL] += k1 * innovation;
    s[SLOPE] += k2 * innovation;
    s[P22] -= k2 * a12;
    s[P11] = a11 - k1 * a11;
    s[P12] = a12 - k1 * a12;
    return -0.5 * (Math.log(v) + z * z);
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
