package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import java.util.Arrays;
import org.amrbalance.components.Option;
import java.util.Objects;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.triggers.frequency.MaxFactor;

/**
 * Options of {@link RemapFrequency}. Either the workload is known (initial load w, increment means μ_i and variances
 * σ_i² per phase, one value for homogeneous processors or one per processor, and capacities) or it is estimated online
 * from the step times ({@link #estimated()}, the default).
 *
 * <p>A record over arrays: equals, hashCode and toString compare and show their contents, and they are copied in
 * and out.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record RemapFrequencyOptions(Form form, double tolerance, MaxFactor factor, boolean known, double initialLoad,
    double[] mu, double[] sigma2, double[] capacity, int warmup, boolean pooled, boolean costFloor,
    Estimates estimates) {
  /** Which of seed 003's two problems sets the tolerance. */
  public enum Form {
    /** PI: the normalized extreme workload difference stays within D. */
    EXTREME_DIFFERENCE,
    /** PII: the normalized workload deviation stays within B. */
    DEVIATION
  }

  public static final Option<Form> FORM = Option.choice("form", Form.EXTREME_DIFFERENCE,
      "extreme-difference (tolerance D) or deviation (tolerance B)");
  public static final Option<Double> TOLERANCE = Option.number("tolerance", 0.1, Double.MIN_VALUE, 1e300, "D or B");
  public static final Option<MaxFactor> FACTOR = Option.choice("factor", MaxFactor.NORMAL_ASYMPTOTIC,
      "the constant a(N)");
  public static final Option<Integer> WARMUP = Option.integer("warmup", 8, 2, 1_000_000,
      "increments observed before the first estimate");
  public static final Option<Boolean> POOLED = Option.flag("pooled", true,
      "one increment distribution for all ranks (true) or one per rank");
  public static final Option<Boolean> COST_FLOOR = Option.flag("cost-floor", true,
      "never remap before the measured remap cost is paid back under the model");
  public static final Option<Integer> HALF_LIFE = Option.integer("half-life", 32, 0, Integer.MAX_VALUE,
      "increments after which an old one weighs half (0: never forget, the paper)");
  public static final Option<Double> CLIP = Option.number("clip", 4, 0, 1000,
      "clip increments at this many deviations (0: off)");
  public static final Option<Boolean> SEPARATE_NOISE = Option.flag("separate-noise", true,
      "leave measurement noise out of the increment variance");
  public static final Option<Double> MIN_COST = Option.number("min-cost", 0.1, 0, 1000,
      "floor of the remap cost in mean step times");
  private static final RemapFrequencyOptions DEFAULTS = new RemapFrequencyOptions(FORM.defaultValue(),
      TOLERANCE.defaultValue(), FACTOR.defaultValue(), false, Double.NaN, new double[0], new double[0], new double[0],
      WARMUP.defaultValue(), POOLED.defaultValue(), COST_FLOOR.defaultValue(), Estimates.ROBUST);

  public RemapFrequencyOptions {
    Checks.notNull("form", form);
    TOLERANCE.check(tolerance);
    Checks.notNull("factor", factor);
    mu = mu.clone();
    sigma2 = sigma2.clone();
    capacity = capacity.clone();
    if (!known) {
      Checks.check(Double.isNaN(initialLoad) && mu.length + sigma2.length + capacity.length == 0, "initialLoad",
          initialLoad, "an estimated workload has no initial load, mu, sigma2 or capacity");
    } else if (pooled) {
      Checks.finitePositive("initialLoad", initialLoad);
      Checks.check(mu.length == 1 && sigma2.length == 1 && capacity.length == 0, "mu.length", mu.length,
          "a known homogeneous workload has one mu, one sigma2 and no capacity");
      Checks.finiteNonNegative("mu", mu[0]);
      Checks.finiteNonNegative("sigma2", sigma2[0]);
    } else {
      Checks.finitePositive("initialLoad", initialLoad);
      Checks.check(mu.length >= 2, "mu.length", mu.length, "needs at least 2 processors");
      Checks.check(sigma2.length == mu.length, "sigma2.length", sigma2.length, "must equal mu.length = " + mu.length);
      Checks.check(capacity.length == mu.length, "capacity.length", capacity.length,
          "must equal mu.length = " + mu.length);
      for (int i = 0; i < mu.length; i++) {
        Checks.finite("mu[" + i + "]", mu[i]);
        Checks.finiteNonNegative("sigma2[" + i + "]", sigma2[i]);
        Checks.finitePositive("capacity[" + i + "]", capacity[i]);
      }
    }
    WARMUP.check(warmup);
    Checks.notNull("estimates", estimates);
  }

  /** PI with D = 0.1, the normal-approximation factor a(N), workload estimated online, processors pooled. */
  public static RemapFrequencyOptions defaults() {
    return DEFAULTS;
  }

  public RemapFrequencyOptions tolerance(Form f, double value) {
    return new RemapFrequencyOptions(f, value, factor, known, initialLoad, mu, sigma2, capacity, warmup, pooled,
        costFloor, estimates);
  }

  public RemapFrequencyOptions factor(MaxFactor k) {
    return new RemapFrequencyOptions(form, tolerance, k, known, initialLoad, mu, sigma2, capacity, warmup, pooled,
        costFloor, estimates);
  }

  public RemapFrequencyOptions known(double w, double mean, double variance) {
    return new RemapFrequencyOptions(form, tolerance, factor, true, w, new double[] {mean}, new double[] {variance},
        new double[0], warmup, true, costFloor, estimates);
  }

  public RemapFrequencyOptions known(double w, double[] means, double[] variances, double[] capacities) {
    return new RemapFrequencyOptions(form, tolerance, factor, true, w, means, variances, capacities, warmup, false,
        costFloor, estimates);
  }

  public RemapFrequencyOptions estimated(int warmupIncrements, boolean pooledRanks) {
    return new RemapFrequencyOptions(form, tolerance, factor, false, Double.NaN, new double[0], new double[0],
        new double[0], warmupIncrements, pooledRanks, costFloor, estimates);
  }

  public RemapFrequencyOptions estimated() {
    return estimated(WARMUP.defaultValue(), POOLED.defaultValue());
  }

  /** Whether the workload is known (the same as {@link #known()}). */
  public boolean isKnown() {
    return known;
  }

  /** A copy of the known increment means. */
  @Override
  public double[] mu() {
    return mu.clone();
  }

  /** A copy of the known increment variances. */
  @Override
  public double[] sigma2() {
    return sigma2.clone();
  }

  /** A copy of the known capacities. */
  @Override
  public double[] capacity() {
    return capacity.clone();
  }

  /**
   * Whether an estimated workload's period is at least the one that pays back the measured remap cost (default
   * true): with C the last remap's cost, σ² the estimated increment variance and k the factor, the mean loss per step
   * (C + Σ_{t≤T} k·σ·√t)/T of remapping every T steps is least at T_c = (3C/(kσ))^(2/3) (the sum taken as its
   * integral), and the trigger waits at least that long. An addition beyond seed 003 (spec §11: the paper links no
   * cost to its tolerance), without which measurement noise alone reaches any tolerance within a step or two. A known
   * workload's units need not be seconds, so it is not floored.
   */
  @Override
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
    public static final Estimates ROBUST = new Estimates(HALF_LIFE.defaultValue(), CLIP.defaultValue(),
        SEPARATE_NOISE.defaultValue(), MIN_COST.defaultValue());
    /** The paper's plain running moments, no cost floor of any kind. */
    public static final Estimates PAPER = new Estimates(0, 0, false, 0);

    public Estimates {
      HALF_LIFE.check(halfLife);
      CLIP.check(clip);
      MIN_COST.check(minCost);
    }
  }

  public RemapFrequencyOptions estimates(Estimates e) {
    return new RemapFrequencyOptions(form, tolerance, factor, known, initialLoad, mu, sigma2, capacity, warmup, pooled,
        costFloor, e);
  }

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
