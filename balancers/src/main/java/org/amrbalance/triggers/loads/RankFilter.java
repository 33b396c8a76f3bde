package org.amrbalance.triggers.loads;

/**
 * One Kalman filter per rank on the state (deviation ℓ, slope b) of {@link LoadModel}, started at a remap where the
 * balancer left the rank: ℓ ~ N(offset, residue), b ~ N(drift, slope variance). Innovations beyond {@link #CLIP}
 * predicted deviations are clipped, so a spike the caller did not hold moves the estimate by a bounded amount.
 */
final class RankFilter {
  /** Innovations are clipped at this many predicted standard deviations. */
  static final double CLIP = 5;

  private final double[] level;
  private final double[] slope;
  private final double[] p11;
  private final double[] p12;
  private final double[] p22;

  RankFilter(int ranks) {
    level = new double[ranks];
    slope = new double[ranks];
    p11 = new double[ranks];
    p12 = new double[ranks];
    p22 = new double[ranks];
  }

  int ranks() {
    return level.length;
  }

  /** Starts an interval: rank i at offsets[i] with slope drifts[i] (null: 0), slope variance {@code slopeVariance}. */
  void start(LoadModel model, double[] offsets, double[] drifts, double slopeVariance) {
    for (int i = 0; i < level.length; i++) {
      level[i] = offsets == null ? 0 : offsets[i];
      slope[i] = drifts == null ? 0 : drifts[i];
      p11[i] = model.residue();
      p12[i] = 0;
      p22[i] = slopeVariance;
    }
  }

  /** One step's observed deviations. */
  void update(LoadModel model, double[] y) {
    double q = model.wander();
    double r = Math.max(model.noise(), 1e-12);
    for (int i = 0; i < level.length; i++) {
      level[i] += slope[i];
      double a11 = p11[i] + 2 * p12[i] + p22[i] + q;
      double a12 = p12[i] + p22[i];
      double s = a11 + r;
      double sd = Math.sqrt(s);
      double innovation = Math.max(-CLIP * sd, Math.min(CLIP * sd, y[i] - level[i]));
      double k1 = a11 / s;
      double k2 = a12 / s;
      level[i] += k1 * innovation;
      slope[i] += k2 * innovation;
      p22[i] -= k2 * a12;
      p11[i] = a11 - k1 * a11;
      p12[i] = a12 - k1 * a12;
    }
  }

  /** The posterior mean deviations. */
  double[] levels() {
    return level.clone();
  }

  /** The posterior variances of the deviations. */
  double[] variances() {
    double[] v = new double[p11.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.max(0, p11[i]);
    }
    return v;
  }

  /** The state as (ℓ, b, P11, P12, P22) per rank, flattened. */
  double[] toArray() {
    int n = level.length;
    double[] out = new double[5 * n];
    System.arraycopy(level, 0, out, 0, n);
    System.arraycopy(slope, 0, out, n, n);
    System.arraycopy(p11, 0, out, 2 * n, n);
    System.arraycopy(p12, 0, out, 3 * n, n);
    System.arraycopy(p22, 0, out, 4 * n, n);
    return out;
  }

  void set(double[] state) {
    int n = level.length;
    System.arraycopy(state, 0, level, 0, n);
    System.arraycopy(state, n, slope, 0, n);
    System.arraycopy(state, 2 * n, p11, 0, n);
    System.arraycopy(state, 3 * n, p12, 0, n);
    System.arraycopy(state, 4 * n, p22, 0, n);
  }
}
