package org.amrbalance.experiments.scatter;

import javax.annotation.concurrent.Immutable;

/**
 * The covariance function Cov(u), u = |t - s| >= 0, of a second-order stationary workload intensity W(t) on
 * [0, 1] (seed 004 §2.2). {@link #kinks()} names the lags where Cov is not smooth, so that quadrature can
 * split there and be exact for piecewise polynomials.
 */
public interface Covariance {
  /** Cov(u) for u >= 0. */
  double at(double u);

  /** Lags in (0, 1] where Cov has a kink; none for a family smooth on (0, 1]. */
  default double[] kinks() {
    return new double[0];
  }

  /**
   * A length over which Cov is close to a polynomial of degree 15 (infinite for piecewise linear families):
   * quadrature splits longer segments into pieces this long.
   */
  default double smoothLength() {
    return Double.POSITIVE_INFINITY;
  }

  /** True if Cov is convex on [0, infinity): the assumption of Theorem 1. */
  boolean convex();

  /** sigma^2 max(0, 1 - alpha u), delta = 1/alpha: linear, then zero (seed 004 §2.4). */
  static Covariance elbow(double sigma2, double alpha) {
    return new Elbow(sigma2, alpha);
  }

  /** sigma^2 (1 - alpha u) over the whole of [0, 1], 0 <= alpha <= 2 (seed 004 §2.5). */
  static Covariance linear(double sigma2, double alpha) {
    return new Linear(sigma2, alpha);
  }

  /** sigma^2 exp(-lambda u): a smooth convex covariance (an Ornstein-Uhlenbeck intensity). */
  static Covariance exponential(double sigma2, double lambda) {
    return new Exponential(sigma2, lambda);
  }

  /** sigma^2 cos(2 pi f u): a valid but periodic, non-convex covariance, outside every theorem of seed 004. */
  static Covariance cosine(double sigma2, double frequency) {
    return new Cosine(sigma2, frequency);
  }

  private static void positive(String field, double v) {
    if (!(Double.isFinite(v) && v > 0)) {
      throw new IllegalArgumentException(field + " = " + v + ": must be finite and > 0");
    }
  }

  /** See {@link Covariance#elbow}. */
  @Immutable
  record Elbow(double sigma2, double alpha) implements Covariance {
    public Elbow {
      positive("sigma2", sigma2);
      positive("alpha", alpha);
    }

    /** The lag at which the correlation first reaches 0. */
    public double delta() {
      return 1 / alpha;
    }

    @Override
    public double at(double u) {
      return sigma2 * Math.max(0, 1 - alpha * u);
    }

    @Override
    public double[] kinks() {
      return delta() < 1 ? new double[] {delta()} : new double[0];
    }

    @Override
    public boolean convex() {
      return true;
    }
  }

  /** See {@link Covariance#linear}. */
  @Immutable
  record Linear(double sigma2, double alpha) implements Covariance {
    public Linear {
      positive("sigma2", sigma2);
      if (!(alpha >= 0 && alpha <= 2)) {
        throw new IllegalArgumentException("alpha = " + alpha + ": must be in [0, 2] (positive semidefinite on [0, 1])");
      }
    }

    @Override
    public double at(double u) {
      return sigma2 * (1 - alpha * u);
    }

    @Override
    public boolean convex() {
      return true;
    }
  }

  /** See {@link Covariance#exponential}. */
  @Immutable
  record Exponential(double sigma2, double lambda) implements Covariance {
    public Exponential {
      positive("sigma2", sigma2);
      positive("lambda", lambda);
    }

    @Override
    public double at(double u) {
      return sigma2 * Math.exp(-lambda * u);
    }

    @Override
    public double smoothLength() {
      return 1 / lambda;
    }

    @Override
    public boolean convex() {
      return true;
    }
  }

  /** See {@link Covariance#cosine}. */
  @Immutable
  record Cosine(double sigma2, double frequency) implements Covariance {
    public Cosine {
      positive("sigma2", sigma2);
      positive("frequency", frequency);
    }

    @Override
    public double at(double u) {
      return sigma2 * Math.cos(2 * Math.PI * frequency * u);
    }

    @Override
    public double smoothLength() {
      return 0.25 / frequency;
    }

    @Override
    public boolean convex() {
      return false;
    }
  }
}
