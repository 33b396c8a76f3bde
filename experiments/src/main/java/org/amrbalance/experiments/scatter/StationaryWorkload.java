package org.amrbalance.experiments.scatter;

import java.util.Random;

/**
 * A Gaussian second-order stationary workload intensity on [0, 1], sampled on m equal cells (spec §9.3):
 * the value of cell c stands for W at (c + 1/2)/m, and the covariance of two cells j apart is exactly
 * Cov(j/m) of the chosen family. A cluster's work is the sum of its cells' values times 1/m.
 *
 * <ul>
 *   <li>elbow, delta = K/m: mu + sigma (sum of K consecutive i.i.d. standard normals)/sqrt(K);
 *   <li>linear, alpha <= 1: sqrt(1 - alpha) sigma Z0 plus sqrt(alpha) times an elbow field with delta = 1;
 *       alpha in [1, 2]: sqrt(2 - alpha) W1 + sqrt(alpha - 1) W2, W1 an elbow field with delta = 1 and
 *       W2(t) = sigma ((1 - 2t) Z + 2 B(t)), B a Brownian bridge;
 *   <li>exponential (convex), Cov(u) = sigma^2 exp(-lambda u): a stationary AR(1) chain with
 *       rho = exp(-lambda/m).
 * </ul>
 * Loads can be negative when sigma is not small against mu (a modelling artefact of the paper's Gaussian
 * assumption, spec §9.3); nothing is clipped.
 */
public final class StationaryWorkload {
  private enum Kind { ELBOW, LINEAR, EXPONENTIAL }

  private final Kind kind;
  private final double mu;
  private final double sigma;
  private final int cells;
  private final int window;
  private final double parameter;
  private final Covariance covariance;

  private StationaryWorkload(Kind kind, double mu, double sigma2, int cells, int window, double parameter,
      Covariance covariance) {
    this.kind = kind;
    this.mu = mu;
    this.sigma = Math.sqrt(sigma2);
    this.cells = cells;
    this.window = window;
    this.parameter = parameter;
    this.covariance = covariance;
  }

  /** Elbow covariance sigma^2 max(0, 1 - alpha u) on {@code cells} cells; cells/alpha must be a whole number. */
  public static StationaryWorkload elbow(double mu, double sigma2, double alpha, int cells) {
    checkCommon(mu, sigma2, cells);
    Covariance cov = Covariance.elbow(sigma2, alpha);
    double k = cells / alpha;
    if (Math.abs(k - Math.rint(k)) > 1e-9 || k < 1) {
      throw new IllegalArgumentException("alpha = " + alpha + ": delta * cells = " + k + " must be a whole number >= 1");
    }
    return new StationaryWorkload(Kind.ELBOW, mu, sigma2, cells, (int) Math.rint(k), alpha, cov);
  }

  /** Linear covariance sigma^2 (1 - alpha u) over [0, 1], alpha in [0, 2]. */
  public static StationaryWorkload linear(double mu, double sigma2, double alpha, int cells) {
    checkCommon(mu, sigma2, cells);
    return new StationaryWorkload(Kind.LINEAR, mu, sigma2, cells, cells, alpha, Covariance.linear(sigma2, alpha));
  }

  /** Exponential covariance sigma^2 exp(-lambda u), a convex covariance. */
  public static StationaryWorkload exponential(double mu, double sigma2, double lambda, int cells) {
    checkCommon(mu, sigma2, cells);
    return new StationaryWorkload(Kind.EXPONENTIAL, mu, sigma2, cells, 0, lambda,
        Covariance.exponential(sigma2, lambda));
  }

  private static void checkCommon(double mu, double sigma2, int cells) {
    if (!Double.isFinite(mu)) {
      throw new IllegalArgumentException("mu = " + mu + ": must be finite");
    }
    if (!(Double.isFinite(sigma2) && sigma2 > 0)) {
      throw new IllegalArgumentException("sigma2 = " + sigma2 + ": must be finite and > 0");
    }
    if (cells < 1) {
      throw new IllegalArgumentException("cells = " + cells + ": must be >= 1");
    }
  }

  /** E[W(t)]. */
  public double mean() {
    return mu;
  }

  public int cells() {
    return cells;
  }

  /** The covariance the cell values follow at lags j/m. */
  public Covariance covariance() {
    return covariance;
  }

  /** One sample of the cell values into {@code out} (length {@link #cells()}). */
  public void sample(Random random, double[] out) {
    if (out.length != cells) {
      throw new IllegalArgumentException("out.length = " + out.length + ": must be cells = " + cells);
    }
    switch (kind) {
      case ELBOW -> {
        movingSum(random, window, out);
        for (int c = 0; c < cells; c++) {
          out[c] = mu + sigma * out[c];
        }
      }
      case LINEAR -> linear(random, out);
      case EXPONENTIAL -> {
        double rho = Math.exp(-parameter / cells);
        double innovation = Math.sqrt(1 - rho * rho);
        double x = random.nextGaussian();
        for (int c = 0; c < cells; c++) {
          if (c > 0) {
            x = rho * x + innovation * random.nextGaussian();
          }
          out[c] = mu + sigma * x;
        }
      }
      default -> throw new IllegalStateException(kind.toString());
    }
  }

  private void linear(Random random, double[] out) {
    double alpha = parameter;
    movingSum(random, cells, out); // unit-variance elbow field with delta = 1
    if (alpha <= 1) {
      double z0 = random.nextGaussian();
      for (int c = 0; c < cells; c++) {
        out[c] = mu + sigma * (Math.sqrt(1 - alpha) * z0 + Math.sqrt(alpha) * out[c]);
      }
      return;
    }
    double z = random.nextGaussian();
    double wiener = 0;
    double previousT = 0;
    double[] path = new double[cells];
    for (int c = 0; c < cells; c++) {
      double t = (c + 0.5) / cells;
      wiener += Math.sqrt(t - previousT) * random.nextGaussian();
      path[c] = wiener;
      previousT = t;
    }
    double atOne = wiener + Math.sqrt(1 - previousT) * random.nextGaussian();
    for (int c = 0; c < cells; c++) {
      double t = (c + 0.5) / cells;
      double bridge = path[c] - t * atOne;
      double w2 = (1 - 2 * t) * z + 2 * bridge;
      out[c] = mu + sigma * (Math.sqrt(2 - alpha) * out[c] + Math.sqrt(alpha - 1) * w2);
    }
  }

  /** out[c] = (z_c + ... + z_{c+K-1}) / sqrt(K) for i.i.d. standard normals z: covariance max(0, 1 - j/K). */
  private void movingSum(Random random, int k, double[] out) {
    double[] z = new double[cells + k - 1];
    for (int i = 0; i < z.length; i++) {
      z[i] = random.nextGaussian();
    }
    double sum = 0;
    for (int i = 0; i < k; i++) {
      sum += z[i];
    }
    double scale = 1 / Math.sqrt(k);
    for (int c = 0; c < cells; c++) {
      if (c > 0) {
        sum += z[c + k - 1] - z[c - 1];
      }
      out[c] = sum * scale;
    }
  }
}
