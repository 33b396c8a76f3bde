package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import java.util.Arrays;
import java.util.Objects;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.triggers.frequency.MaxFactor;

/**
 * Options of {@link RemapFrequency}. Either the workload is known (initial load w, increment means μ_i and variances
 * σ_i² per phase, one value for homogeneous processors or one per processor, and capacities) or it is estimated online
 * from the step times ({@link #estimated()}, the default).
 */
@Immutable
public final class RemapFrequencyOptions {
  /** Which of seed 003's two problems sets the tolerance. */
  public enum Form {
    /** PI: the normalized extreme workload difference stays within D. */
    EXTREME_DIFFERENCE,
    /** PII: the normalized workload deviation stays within B. */
    DEVIATION
  }

  private static final RemapFrequencyOptions DEFAULTS = new RemapFrequencyOptions(Form.EXTREME_DIFFERENCE, 0.1,
      MaxFactor.NORMAL_ASYMPTOTIC, false, Double.NaN, new double[0], new double[0], new double[0], 8, true, true,
      Estimates.ROBUST);

  private final Form form;
  private final double tolerance;
  private final MaxFactor factor;
  private final boolean known;
  private final double initialLoad;
  private final double[] mu;
  private final double[] sigma2;
  private final double[] capacity;
  private final int warmup;
  private final boolean pooled;
  private final boolean costFloor;
  private final Estimates estimates;

  private RemapFrequencyOptions(Form form, double tolerance, MaxFactor factor, boolean known, double initialLoad,
      double[] mu, double[] sigma2, double[] capacity, int warmup, boolean pooled, boolean costFloor,
      Estimates estimates) {
    this.form = form;
    this.tolerance = tolerance;
    this.factor = factor;
    this.known = known;
    this.initialLoad = initialLoad;
    this.mu = mu;
    this.sigma2 = sigma2;
    this.capacity = capacity;
    this.warmup = warmup;
    this.pooled = pooled;
    this.costFloor = costFloor;
    this.estimates = estimates;
  }

  /** PI with D = 0.1, the normal-approximation factor a(N), workload estimated online, processors pooled. */
  public static RemapFrequencyOptions defaults() {
    return DEFAULTS;
  }

  /** The problem and its tolerance (D or B), finite and &gt; 0. */
  public RemapFrequencyOptions tolerance(Form f, double value) {
    Checks.notNull("form", f);
    Checks.finitePositive("tolerance", value);
    return new RemapFrequencyOptions(f, value, factor, known, initialLoad, mu, sigma2, capacity, warmup, pooled,
        costFloor, estimates);
  }

  /** The factor k of PI for homogeneous processors (Theorem 4.1 or 4.2). */
  public RemapFrequencyOptions factor(MaxFactor k) {
    Checks.notNull("factor", k);
    return new RemapFrequencyOptions(form, tolerance, k, known, initialLoad, mu, sigma2, capacity, warmup, pooled,
        costFloor, estimates);
  }

  /** A known homogeneous workload: loads start at w &gt; 0 after a remap; increments of mean μ ≥ 0, variance σ² ≥ 0. */
  public RemapFrequencyOptions known(double w, double mean, double variance) {
    Checks.finitePositive("initialLoad", w);
    Checks.finiteNonNegative("mu", mean);
    Checks.finiteNonNegative("sigma2", variance);
    return new RemapFrequencyOptions(form, tolerance, factor, true, w, new double[] {mean}, new double[] {variance},
        new double[0], warmup, true, costFloor, estimates);
  }

  /**
   * A known heterogeneous workload (§6): per processor the mean and variance of its load increment per phase and its
   * capacity (all arrays of the same length ≥ 2); normalized loads w_i/c_i start at w after a remap.
   */
  public RemapFrequencyOptions known(double w, double[] means, double[] variances, double[] capacities) {
    Checks.finitePositive("initialLoad", w);
    Checks.check(means.length >= 2, "mu.length", means.length, "needs at least 2 processors");
    Checks.check(variances.length == means.length, "sigma2.length", variances.length,
        "must equal mu.length = " + means.length);
    Checks.check(capacities.length == means.length, "capacity.length", capacities.length,
        "must equal mu.length = " + means.length);
    for (int i = 0; i < means.length; i++) {
      Checks.finite("mu[" + i + "]", means[i]);
      Checks.finiteNonNegative("sigma2[" + i + "]", variances[i]);
      Checks.finitePositive("capacity[" + i + "]", capacities[i]);
    }
    return new RemapFrequencyOptions(form, tolerance, factor, true, w, means.clone(), variances.clone(),
        capacities.clone(), warmup, false, costFloor, estimates);
  }

  /**
   * Estimate w, μ and σ² online from the step times: w is the mean step time right after a remap, the increments
   * are each rank's step-to-step time changes within an interval; {@code pooledRanks} treats the ranks as
   * homogeneous (one μ, σ²), otherwise each rank has its own (heterogeneous, §6). No remap before {@code warmup}
   * increments per rank (≥ 2) have been seen.
   */
  public RemapFrequencyOptions estimated(int warmupIncrements, boolean pooledRanks) {
    Checks.check(warmupIncrements >= 2, "warmup", warmupIncrements, "must be >= 2");
    return new RemapFrequencyOptions(form, tolerance, factor, false, Double.NaN, new double[0], new double[0],
        new double[0], warmupIncrements, pooledRanks, costFloor, estimates);
  }

  public RemapFrequencyOptions estimated() {
    return estimated(8, true);
  }

  public Form form() {
    return form;
  }

  public double tolerance() {
    return tolerance;
  }

  public MaxFactor factor() {
    return factor;
  }

  public boolean isKnown() {
    return known;
  }

  public double initialLoad() {
    return initialLoad;
  }

  public double[] mu() {
    return mu.clone();
  }

  public double[] sigma2() {
    return sigma2.clone();
  }

  public double[] capacity() {
    return capacity.clone();
  }

  public int warmup() {
    return warmup;
  }

  public boolean pooled() {
    return pooled;
  }

  /**
   * Whether an estimated workload's period is at least the one that pays back the measured remap cost (default
   * true): with C the last remap's cost, σ² the estimated increment variance and k the factor, the mean loss per step
   * (C + Σ_{t≤T} k·σ·√t)/T of remapping every T steps is least at T_c = (3C/(kσ))^(2/3) (the sum taken as its
   * integral), and the trigger waits at least that long. An addition beyond seed 003 (spec §11: the paper links no
   * cost to its tolerance), without which measurement noise alone reaches any tolerance within a step or two. A known
   * workload's units need not be seconds, so it is not floored.
   */
  public boolean costFloor() {
    return costFloor;
  }

  public RemapFrequencyOptions costFloor(boolean on) {
    return new RemapFrequencyOptions(form, tolerance, factor, known, initialLoad, mu, sigma2, capacity, warmup, pooled,
        on, estimates);
  }

  /**
   * How an estimated workload's statistics are kept (additions beyond seed 003, which assumes exact moments):
   * {@code halfLife} increments after which an old increment weighs half (0: never forgotten, the paper's
   * estimate); increments beyond {@code clip} estimated deviations from the mean are clipped (0: off), so one spike
   * moves the estimate by a bounded amount; {@code separateNoise} subtracts the measurement noise, whose increments
   * are negatively correlated from step to step (σ_w² = Var(Δ) + 2·Cov(Δ_t, Δ_{t−1})); {@code minCost} floors the
   * measured remap cost at that many mean step times.
   */
  public record Estimates(int halfLife, double clip, boolean separateNoise, double minCost) {
    /** Half-life 32, clip at 4 deviations, noise separated, cost at least 0.1 step: the default. */
    public static final Estimates ROBUST = new Estimates(32, 4, true, 0.1);
    /** The paper's plain running moments, no cost floor of any kind. */
    public static final Estimates PAPER = new Estimates(0, 0, false, 0);

    public Estimates {
      Checks.check(halfLife >= 0, "halfLife", halfLife, "must be >= 0 (0 = never forget)");
      Checks.check(clip >= 0 && clip <= 1000, "clip", clip, "must be in [0, 1000] (0 = off)");
      Checks.check(minCost >= 0 && minCost <= 1000, "minCost", minCost, "must be in [0, 1000]");
    }
  }

  /** The estimates' robustness settings (used only by an estimated workload). */
  public RemapFrequencyOptions estimates(Estimates e) {
    Checks.notNull("estimates", e);
    return new RemapFrequencyOptions(form, tolerance, factor, known, initialLoad, mu, sigma2, capacity, warmup, pooled,
        costFloor, e);
  }

  public Estimates estimates() {
    return estimates;
  }

  /** Seed 003's estimated workload as the paper states it: plain running moments, no cost floor. */
  public RemapFrequencyOptions paper() {
    return estimates(Estimates.PAPER).costFloor(false);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RemapFrequencyOptions x && x.form == form && Double.compare(x.tolerance, tolerance) == 0
        && x.factor == factor && x.known == known && Double.compare(x.initialLoad, initialLoad) == 0
        && Arrays.equals(x.mu, mu) && Arrays.equals(x.sigma2, sigma2) && Arrays.equals(x.capacity, capacity)
        && x.warmup == warmup && x.pooled == pooled && x.costFloor == costFloor
        && x.estimates.equals(estimates);
  }

  @Override
  public int hashCode() {
    return Objects.hash(form, tolerance, factor, known, initialLoad, Arrays.hashCode(mu), Arrays.hashCode(sigma2),
        Arrays.hashCode(capacity), warmup, pooled, costFloor, estimates);
  }

  @Override
  public String toString() {
    return "RemapFrequencyOptions[" + form + " " + tolerance + ", " + factor + (known
        ? ", known w=" + initialLoad + " mu=" + Arrays.toString(mu) + " sigma2=" + Arrays.toString(sigma2)
            + " capacity=" + Arrays.toString(capacity)
        : ", estimated warmup=" + warmup + (pooled ? " pooled" : " per rank") + (costFloor ? ", cost floor" : "") + ", " + estimates)
        + "]";
  }
}
