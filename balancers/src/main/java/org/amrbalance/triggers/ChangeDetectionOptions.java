package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;
import org.amrbalance.triggers.detection.AicChangeTest;

/**
 * Options of {@link ChangeDetection}. The paper leaves c and d open (seed 001 §3); the defaults d = 4, c = 6 give a
 * decision every 24 steps with 6 batch means per cluster. α = 0.2, β = 0.05 and ρ = 0.8 are the paper's values.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record ChangeDetectionOptions(int batchSize, int clusterSize, double alpha, double beta, double failureRate,
    double rho, double thresholdPosition, long expectedSteps, double initialCost, AicChangeTest.Form aicForm,
    boolean trimOutliers, NewBase newBase) {
  /** Which cluster describes the workload after a successful repartition (seed 001 §X). */
  public enum NewBase {
    /** Collect c fresh batch means after the remap: the step times change with the partition. */
    AFTER_REMAP,
    /** The cluster that triggered the repartition, as §X suggests. */
    TRIGGERING_CLUSTER
  }

  public static final Option<Integer> BATCH_SIZE = Option.integer("batch-size", 4, 1, 10_000,
      "d, steps per batch mean");
  public static final Option<Integer> CLUSTER_SIZE = Option.integer("cluster-size", 6, 2, 10_000,
      "c, batch means per test cluster");
  public static final Option<Double> ALPHA = Option.number("alpha", 0.2, Double.MIN_VALUE, Math.nextDown(1.0),
      "test error probability alpha, alpha + beta < 1");
  public static final Option<Double> BETA = Option.number("beta", 0.05, Double.MIN_VALUE, Math.nextDown(1.0),
      "test error probability beta, alpha + beta < 1");
  public static final Option<Double> FAILURE_RATE = Option.number("failure-rate", 0, 0, Math.nextDown(1.0),
      "phi, the prior change rate per test").withoutDefault("1 / tests the run lasts, or 0.05");
  public static final Option<Double> RHO = Option.number("rho", 0.8, 0, Math.nextDown(1.0),
      "first threshold of the linear schedule");
  public static final Option<Double> THRESHOLD_POSITION = Option.number("threshold-position", 0.5, 0,
      Math.nextDown(1.0), "where p_e lies in its bracket");
  public static final Option<Long> EXPECTED_STEPS = Option.longInteger("expected-steps", 0, 0, Long.MAX_VALUE,
      "steps the run is expected to last (0: unknown)");
  public static final Option<Double> INITIAL_COST = TriggerOptions.INITIAL_COST;
  public static final Option<AicChangeTest.Form> AIC_FORM = Option.choice("aic-form", AicChangeTest.Form.STANDARD,
      "printed: the paper's printed AIC constants");
  public static final Option<Boolean> TRIM_OUTLIERS = Option.flag("trim-outliers", true,
      "ignore single outlying steps");
  public static final Option<NewBase> NEW_BASE = Option.choice("new-base", NewBase.AFTER_REMAP,
      "the base cluster after a remap");
  private static final ChangeDetectionOptions DEFAULTS = new ChangeDetectionOptions(BATCH_SIZE.defaultValue(),
      CLUSTER_SIZE.defaultValue(), ALPHA.defaultValue(), BETA.defaultValue(), Double.NaN, RHO.defaultValue(),
      THRESHOLD_POSITION.defaultValue(), EXPECTED_STEPS.defaultValue(), Double.NaN, AIC_FORM.defaultValue(),
      TRIM_OUTLIERS.defaultValue(), NEW_BASE.defaultValue());

  public ChangeDetectionOptions {
    BATCH_SIZE.check(batchSize);
    CLUSTER_SIZE.check(clusterSize);
    ALPHA.check(alpha);
    BETA.check(beta);
    Checks.check(alpha + beta < 1, "alpha + beta", alpha + beta, "must be < 1");
    if (!Double.isNaN(failureRate)) {
      FAILURE_RATE.check(failureRate);
    }
    RHO.check(rho);
    THRESHOLD_POSITION.check(thresholdPosition);
    EXPECTED_STEPS.check(expectedSteps);
    TriggerOptions.checkInitialCost(initialCost);
    Checks.notNull("aicForm", aicForm);
    Checks.notNull("newBase", newBase);
  }

  public static ChangeDetectionOptions defaults() {
    return DEFAULTS;
  }

  public ChangeDetectionOptions batchSize(int d) {
    return new ChangeDetectionOptions(d, clusterSize, alpha, beta, failureRate, rho, thresholdPosition, expectedSteps,
        initialCost, aicForm, trimOutliers, newBase);
  }

  public ChangeDetectionOptions clusterSize(int c) {
    return new ChangeDetectionOptions(batchSize, c, alpha, beta, failureRate, rho, thresholdPosition, expectedSteps,
        initialCost, aicForm, trimOutliers, newBase);
  }

  public ChangeDetectionOptions errors(double a, double b) {
    return new ChangeDetectionOptions(batchSize, clusterSize, a, b, failureRate, rho, thresholdPosition, expectedSteps,
        initialCost, aicForm, trimOutliers, newBase);
  }

  public ChangeDetectionOptions failureRate(double phi) {
    return new ChangeDetectionOptions(batchSize, clusterSize, alpha, beta, phi, rho, thresholdPosition, expectedSteps,
        initialCost, aicForm, trimOutliers, newBase);
  }

  public ChangeDetectionOptions rho(double r) {
    return new ChangeDetectionOptions(batchSize, clusterSize, alpha, beta, failureRate, r, thresholdPosition,
        expectedSteps, initialCost, aicForm, trimOutliers, newBase);
  }

  public ChangeDetectionOptions thresholdPosition(double pos) {
    return new ChangeDetectionOptions(batchSize, clusterSize, alpha, beta, failureRate, rho, pos, expectedSteps,
        initialCost, aicForm, trimOutliers, newBase);
  }

  public ChangeDetectionOptions expectedSteps(long steps) {
    return new ChangeDetectionOptions(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition, steps,
        initialCost, aicForm, trimOutliers, newBase);
  }

  public ChangeDetectionOptions initialCost(double cost) {
    return new ChangeDetectionOptions(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition,
        expectedSteps, cost, aicForm, trimOutliers, newBase);
  }

  public ChangeDetectionOptions aicForm(AicChangeTest.Form form) {
    return new ChangeDetectionOptions(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition,
        expectedSteps, initialCost, form, trimOutliers, newBase);
  }

  public ChangeDetectionOptions trimOutliers(boolean trim) {
    return new ChangeDetectionOptions(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition,
        expectedSteps, initialCost, aicForm, trim, newBase);
  }

  public ChangeDetectionOptions newBase(NewBase base) {
    return new ChangeDetectionOptions(batchSize, clusterSize, alpha, beta, failureRate, rho, thresholdPosition,
        expectedSteps, initialCost, aicForm, trimOutliers, base);
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
}
