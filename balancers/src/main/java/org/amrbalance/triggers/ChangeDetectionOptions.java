package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import java.util.Objects;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.triggers.detection.AicChangeTest;

/**
 * Options of {@link ChangeDetection}. The paper leaves c and d open (seed 001 §3); the defaults d = 4, c = 6 give a
 * decision every 24 steps with 6 batch means per cluster. α = 0.2, β = 0.05 and ρ = 0.8 are the paper's values.
 */
@Immutable
public final class ChangeDetectionOptions {
  /** Which cluster describes the workload after a successful repartition (seed 001 §X). */
  public enum NewBase {
    /** Collect c fresh batch means after the remap: the step times change with the partition. */
    AFTER_REMAP,
    /** The cluster that triggered the repartition, as §X suggests. */
    TRIGGERING_CLUSTER
  }

  private static final ChangeDetectionOptions DEFAULTS = new ChangeDetectionOptions(4, 6, 0.2, 0.05, Double.NaN, 0.8,
      0.5, 0, Double.NaN, AicChangeTest.Form.STANDARD, true, NewBase.AFTER_REMAP);

  private final int batchSize;
  private final int clusterSize;
  private final double alpha;
  private final double beta;
  private final double failureRate;
  private final double rho;
  private final double thresholdPosition;
  private final long expectedSteps;
  private final double initialCost;
  private final AicChangeTest.Form aicForm;
  private final boolean trimOutliers;
  private final NewBase newBase;

  private ChangeDetectionOptions(int batchSize, int clusterSize, double alpha, double beta, double failureRate,
      double rho, double thresholdPosition, long expectedSteps, double initialCost, AicChangeTest.Form aicForm,
      boolean trimOutliers, NewBase newBase) {
    this.batchSize = batchSize;
    this.clusterSize = clusterSize;
    this.alpha = alpha;
    this.beta = beta;
    this.failureRate = failureRate;
    this.rho = rho;
    this.thresholdPosition = thresholdPosition;
    this.expectedSteps = expectedSteps;
    this.initialCost = initialCost;
    this.aicForm = aicForm;
    this.trimOutliers = trimOutliers;
    this.newBase = newBase;
  }

  public static ChangeDetectionOptions defaults() {
    return DEFAULTS;
  }

  private ChangeDetectionOptions copy(int d, int c, double a, double b, double phi, double r, double pos, long steps,
      double cost, AicChangeTest.Form form, boolean trim, NewBase base) {
    return new ChangeDetectionOptions(d, c, a, b, phi, r, pos, steps, cost, form, trim, base);
  }

  /** d: steps per batch mean, in [1, 10000]. */
  public ChangeDetectionOptions batchSize(int d) {
    Checks.check(d >= 1 && d <= 10_000, "batchSize", d, "must be in [1, 10000]");
    return copy(d, clusterSize, alpha, beta, failureRate, rho, thresholdPosition, expectedSteps, initialCost, aicForm,
        trimOutliers, newBase);
  }

  /** c: batch means per cluster, in [2, 10000]. */
  public ChangeDetectionOptions clusterSize(int c) {
    Checks.check(c >= 2 && c <= 10_000, "clusterSize", c, "must be in [2, 10000]");
    return copy(batchSize, c, alpha, beta, failureRate, rho, thresholdPosition, expectedSteps, initialCost, aicForm,
        trimOutliers, newBase);
  }

  /** α, β: the test's error rates, each in (0, 1) with α + β &lt; 1. */
  public ChangeDetectionOptions errors(double a, double b) {
    Checks.openProbability("alpha", a);
    Checks.openProbability("beta", b);
    Checks.check(a + b < 1, "alpha + beta", a + b, "must be < 1");
    return copy(batchSize, clusterSize, a, b, failureRate, rho, thresholdPosition, expectedSteps, initialCost, aicForm,
        trimOutliers, newBase);
  }

  /**
   * φ: the probability of a change per decision step, in [0, 1), or NaN for the default: 1/M with M the expected
   * decision steps (seed 001 Table II, a change during the run about as likely as not), else 0.05.
   */
  public ChangeDetectionOptions failureRate(double phi) {
    Checks.check(Double.isNaN(phi) || (phi >= 0 && phi < 1), "failureRate", phi, "must be in [0, 1) or NaN");
    return copy(batchSize, clusterSize, alpha, beta, phi, rho, thresholdPosition, expectedSteps, initialCost, aicForm,
        trimOutliers, newBase);
  }

  /** ρ: the first armed threshold, in [0, 1). */
  public ChangeDetectionOptions rho(double r) {
    Checks.check(r >= 0 && r < 1, "rho", r, "must be in [0, 1)");
    return copy(batchSize, clusterSize, alpha, beta, failureRate, r, thresholdPosition, expectedSteps, initialCost,
        aicForm, trimOutliers, newBase);
  }

  /** Where p_e lies in its bracket [p^c(p^c(q)), p^c(p^c(p^c(q)))): in [0, 1). */
  public ChangeDetectionOptions thresholdPosition(double pos) {
    Checks.check(pos >= 0 && pos < 1, "thresholdPosition", pos, "must be in [0, 1)");
    return copy(batchSize, clusterSize, alpha, beta, failureRate, rho, pos, expectedSteps, initialCost, aicForm,
        trimOutliers, newBase);
  }

  /** Steps the run is expected to last, ≥ 0 (0 = unknown: no horizon, so n_0 = ∞). */
  public ChangeDetectionOptions expectedSteps(long steps) {
    Checks.check(steps >= 0, "expectedSteps", steps, "must be >= 0 (0 = unknown)");
    return copy(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition, steps, initialCost, aicForm,
        trimOutliers, newBase);
  }

  /** D_d + D_r before the first measured remap, ≥ 0, or NaN: the first step's T_max. */
  public ChangeDetectionOptions initialCost(double cost) {
    Checks.check(Double.isNaN(cost) || (Double.isFinite(cost) && cost >= 0), "initialCost", cost,
        "must be finite and >= 0, or NaN for unknown");
    return copy(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition, expectedSteps, cost, aicForm,
        trimOutliers, newBase);
  }

  public ChangeDetectionOptions aicForm(AicChangeTest.Form form) {
    Checks.notNull("aicForm", form);
    return copy(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition, expectedSteps, initialCost,
        form, trimOutliers, newBase);
  }

  /** Drop each batch's observation farthest from the batch median (d ≥ 3), so that one outlier step is ignored. */
  public ChangeDetectionOptions trimOutliers(boolean trim) {
    return copy(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition, expectedSteps, initialCost,
        aicForm, trim, newBase);
  }

  public ChangeDetectionOptions newBase(NewBase base) {
    Checks.notNull("newBase", base);
    return copy(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition, expectedSteps, initialCost,
        aicForm, trimOutliers, base);
  }

  public int batchSize() {
    return batchSize;
  }

  public int clusterSize() {
    return clusterSize;
  }

  public double alpha() {
    return alpha;
  }

  public double beta() {
    return beta;
  }

  public double failureRate() {
    return failureRate;
  }

  public double rho() {
    return rho;
  }

  public double thresholdPosition() {
    return thresholdPosition;
  }

  public long expectedSteps() {
    return expectedSteps;
  }

  public double initialCost() {
    return initialCost;
  }

  public AicChangeTest.Form aicForm() {
    return aicForm;
  }

  public boolean trimOutliers() {
    return trimOutliers;
  }

  public NewBase newBase() {
    return newBase;
  }

  /** M, the expected number of decision steps, or +∞ if the run length is unknown. */
  public double decisionHorizon() {
    return expectedSteps == 0 ? Double.POSITIVE_INFINITY
        : Math.max(1, Math.floor((double) expectedSteps / ((long) batchSize * clusterSize)));
  }

  /** φ actually used. */
  public double effectiveFailureRate() {
    if (!Double.isNaN(failureRate)) {
      return failureRate;
    }
    double m = decisionHorizon();
    return Double.isInfinite(m) || m < 2 ? 0.05 : 1 / m;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ChangeDetectionOptions x && x.batchSize == batchSize && x.clusterSize == clusterSize
        && Double.compare(x.alpha, alpha) == 0 && Double.compare(x.beta, beta) == 0
        && Double.compare(x.failureRate, failureRate) == 0 && Double.compare(x.rho, rho) == 0
        && Double.compare(x.thresholdPosition, thresholdPosition) == 0 && x.expectedSteps == expectedSteps
        && Double.compare(x.initialCost, initialCost) == 0 && x.aicForm == aicForm && x.trimOutliers == trimOutliers
        && x.newBase == newBase;
  }

  @Override
  public int hashCode() {
    return Objects.hash(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition, expectedSteps,
        initialCost, aicForm, trimOutliers, newBase);
  }

  @Override
  public String toString() {
    return "ChangeDetectionOptions[d=" + batchSize + ", c=" + clusterSize + ", alpha=" + alpha + ", beta=" + beta
        + ", phi=" + failureRate + ", rho=" + rho + ", pePosition=" + thresholdPosition + ", expectedSteps="
        + expectedSteps + ", initialCost=" + initialCost + ", aic=" + aicForm + ", trim=" + trimOutliers
        + ", newBase=" + newBase + "]";
  }
}
