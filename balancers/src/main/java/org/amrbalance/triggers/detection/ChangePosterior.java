package org.amrbalance.triggers.detection;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * Seed 001 §5: the probability that the change has happened by decision step n, with a geometric change time of
 * failure rate φ per step and a change test of type I error α and type II error β.
 * p* = p + φ(1 − p) (eq. 1); after a positive test p^c = p*(1−β)/(p*(1−β) + (1−p*)α) (eq. 2); after a negative test
 * p^c̄ = p*β/(p*β + (1−p*)(1−α)) (eq. 3); q^c = p*(1−β) + (1−p*)α (eq. 5).
 */
@Immutable
public final class ChangePosterior {
  private final double phi;
  private final double alpha;
  private final double beta;

  private ChangePosterior(double phi, double alpha, double beta) {
    this.phi = phi;
    this.alpha = alpha;
    this.beta = beta;
  }

  /** φ in [0, 1); α, β in (0, 1) with α + β &lt; 1 (a test better than a coin). */
  public static ChangePosterior of(double phi, double alpha, double beta) {
    Checks.check(phi >= 0 && phi < 1, "phi", phi, "must be in [0, 1)");
    Checks.openProbability("alpha", alpha);
    Checks.openProbability("beta", beta);
    Checks.check(alpha + beta < 1, "alpha + beta", alpha + beta, "must be < 1 for an informative test");
    return new ChangePosterior(phi, alpha, beta);
  }

  public double phi() {
    return phi;
  }

  public double alpha() {
    return alpha;
  }

  public double beta() {
    return beta;
  }

  /** p*(p), eq. (1). */
  public double predict(double p) {
    return p + phi * (1 - p);
  }

  /** p^c(p), eq. (2). */
  public double afterPositive(double p) {
    double s = predict(p);
    return s * (1 - beta) / (s * (1 - beta) + (1 - s) * alpha);
  }

  /** p^c̄(p), eq. (3). */
  public double afterNegative(double p) {
    double s = predict(p);
    return s * beta / (s * beta + (1 - s) * (1 - alpha));
  }

  public double update(double p, boolean positive) {
    return positive ? afterPositive(p) : afterNegative(p);
  }

  /** q^c(p), eq. (5): the probability that the next test is positive. */
  public double positiveProbability(double p) {
    double s = predict(p);
    return s * (1 - beta) + (1 - s) * alpha;
  }

  /** q = p^c̄(q), reached by iterating p^c̄ from 0 (a contraction). */
  public double negativeFixedPoint() {
    double q = 0;
    for (int i = 0; i < 10_000; i++) {
      double next = afterNegative(q);
      if (Math.abs(next - q) <= 1e-16) {
        return next;
      }
      q = next;
    }
    return q;
  }

  /**
   * The trigger threshold p_e of seed 001 §VIII: three successive positive tests from q are needed to exceed it,
   * p^c(p^c(q)) ≤ p_e &lt; p^c(p^c(p^c(q))). The spec leaves the value inside the bracket open; {@code position} in
   * [0, 1) places it linearly (0 = lower end).
   */
  public double triggerThreshold(double position) {
    Checks.check(position >= 0 && position < 1, "position", position, "must be in [0, 1)");
    double q = negativeFixedPoint();
    double two = afterPositive(afterPositive(q));
    double three = afterPositive(two);
    return two + position * (three - two);
  }

  /**
   * The inverse of p^c (or of p^c̄ if {@code positive} is false): the p with update(p, positive) = x, which may lie
   * outside [0, 1] (then x is not reachable).
   */
  public double inverse(double x, boolean positive) {
    if (x >= 1) {
      return 1;
    }
    double factor = positive ? alpha / (1 - beta) : (1 - alpha) / beta;
    double odds = x / (1 - x) * factor;
    double s = odds / (1 + odds);
    return (s - phi) / (1 - phi);
  }

  @Override
  public String toString() {
    return "ChangePosterior[phi=" + phi + ", alpha=" + alpha + ", beta=" + beta + "]";
  }
}
