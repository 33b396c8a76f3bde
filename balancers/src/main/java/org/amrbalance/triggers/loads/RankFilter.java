package org.amrbalance.triggers.loads;

/**
 * One Kalman filter per rank on the state (deviation ℓ, slope b) of {@link LoadModel}, started at a remap where the
 * balancer left the rank: ℓ ~ N(offset, residue), b ~ N(drift, slope variance). Every rank starts with the same
 * variances and is widened and updated alike, so the variances and gains are held once and the ranks differ only in
 * their means. Innovations beyond {@link #CLIP} predicted deviations are clipped, so a spike the caller did not hold
 * moves the estimate by a bounded amount.
 */
final class RankFilter {
  private static final double CLIP = Tuning.CLIP;
  /** Steps of the variances' recursion replayed at a refit. */
  private static final int REPLAY = 64;

  private final double[] level;
  private final double[] slope;
  /** The shared variances (P11, P12, P22) of (ℓ, b). */
  private final double[] covariance = new double[3];

  RankFilter(int ranks) {
    level = new double[ranks];
    slope = new double[ranks];
  }

  /**
   * Starts an interval: rank i at offsets[i] with slope drifts[i] (null: 0), slope variance {@code slopeVariance}.
   * The arrays may be {@link #levels()} and {@link #slopes()} themselves, written in place.
   */
  void start(LoadModel model, double[] offsets, double[] drifts, double slopeVariance) {
    if (offsets != level) {
      copyOrZero(offsets, level);
    }
    if (drifts != slope) {
      copyOrZero(drifts, slope);
    }
    covariance[0] = model.residue();
    covariance[1] = 0;
    covariance[2] = slopeVariance;
  }

  /**
   * The model changed mid-interval: the shared variances become what the new model gives after {@code steps} steps
   * (at most the last {@link #REPLAY}: a longer interval's variances restart as if it were that long, which
   * weighs its recent steps a little more), the means stay. Without this a first model that saw
   * no growth left the variances at 0 and the filter deaf to the data until the next remap.
   */
  void refresh(LoadModel model, double slopeVariance, int steps) {
    covariance[0] = model.residue();
    covariance[1] = 0;
    covariance[2] = slopeVariance;
    for (int k = 0; k < Math.min(steps, REPLAY); k++) {
      predictAndCorrect(covariance, model.wander(), model.noise());
    }
  }

  /** Adds {@code variance} to every rank's deviation variance: the next step may have jumped (a regrid). */
  void inflate(double variance) {
    covariance[0] += variance;
  }

  /** One step's observed deviations (a loop of its own: it vectorizes, and was 4× slower with anything in it). */
  void update(LoadModel model, double[] y) {
    double[] gain = predictAndCorrect(covariance, model.wander(), model.noise());
    // Locals, not gain[k] in the loop: gain might alias level or slope as far as the compiler knows, and reloading it
    // kept the loop from vectorizing (20 times slower at 65,536 ranks).
    double levelGain = gain[0];
    double slopeGain = gain[1];
    double cap = CLIP * gain[2];
    double[] l = level;
    double[] b = slope;
    for (int i = 0; i < l.length; i++) {
      double predicted = l[i] + b[i];
      double innovation = y[i] - predicted;
      // Math.min/max, not a conditional: under heavy clipping the branch's sign is a coin toss (15 times slower).
      innovation = Math.max(-cap, Math.min(cap, innovation));
      l[i] = predicted + levelGain * innovation;
      b[i] += slopeGain * innovation;
    }
  }

  /**
   * Advances the variances p = (P11, P12, P22) by one step with wander q and noise r; returns {level gain, slope gain,
   * predicted deviation, S}.
   */
  private static double[] predictAndCorrect(double[] p, double q, double r) {
    double a11 = p[0] + 2 * p[1] + p[2] + q;
    double a12 = p[1] + p[2];
    double v = a11 + Math.max(r, 1e-12);
    double k1 = a11 / v;
    double k2 = a12 / v;
    p[2] -= k2 * a12;
    p[0] = a11 - k1 * a11;
    p[1] = a12 - k1 * a12;
    return new double[] {k1, k2, Math.sqrt(v), v};
  }

  private static void copyOrZero(double[] from, double[] to) {
    if (from == null) {
      java.util.Arrays.fill(to, 0);
    } else {
      System.arraycopy(from, 0, to, 0, to.length);
    }
  }

  /** The posterior mean slopes, by reference: written only through {@link #start}. */
  double[] slopes() {
    return slope;
  }

  /** The posterior mean deviations, by reference: read, never written, by the caller. */
  double[] levels() {
    return level;
  }

  /** The posterior variance of every rank's deviation (the same for all). */
  double variance() {
    return Math.max(0, covariance[0]);
  }

  /** The state: levels, slopes, then the three shared variances. */
  double[] toArray() {
    int n = level.length;
    double[] out = new double[2 * n + 3];
    System.arraycopy(level, 0, out, 0, n);
    System.arraycopy(slope, 0, out, n, n);
    System.arraycopy(covariance, 0, out, 2 * n, 3);
    return out;
  }

  void set(double[] state) {
    int n = level.length;
    System.arraycopy(state, 0, level, 0, n);
    System.arraycopy(state, n, slope, 0, n);
    System.arraycopy(state, 2 * n, covariance, 0, 3);
  }
}
