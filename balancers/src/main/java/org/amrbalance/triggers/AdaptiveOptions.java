package org.amrbalance.triggers;

import java.util.Objects;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * Options of {@link Adaptive}. Costs are in units of the reference step time (the median mean step time of the last
 * five steps), so that one setting fits every solver.
 */
@Immutable
public final class AdaptiveOptions {
  private static final AdaptiveOptions DEFAULTS = new AdaptiveOptions(Double.NaN, 0.1, 0, 8, 0.5, 4, 2, 1);

  private final double initialCost;
  private final double minCost;
  private final long steps;
  private final int window;
  private final double spikeJump;
  private final double jumpSigmas;
  private final int confirm;
  private final double margin;

  private AdaptiveOptions(double initialCost, double minCost, long steps, int window, double spikeJump,
      double jumpSigmas, int confirm, double margin) {
    this.initialCost = initialCost;
    this.minCost = minCost;
    this.steps = steps;
    this.window = window;
    this.spikeJump = spikeJump;
    this.jumpSigmas = jumpSigmas;
    this.confirm = confirm;
    this.margin = margin;
  }

  /**
   * Cost unknown until measured (one reference step), at least 0.1 reference steps, run length unknown, trend window
   * 4, spike jump 0.5, abrupt-change threshold 4 noise deviations confirmed over 2 steps.
   */
  public static AdaptiveOptions defaults() {
    return DEFAULTS;
  }

  /** Remap cost in seconds before the first measured one, ≥ 0, or NaN: one reference step time. */
  public AdaptiveOptions initialCost(double cost) {
    Checks.check(Double.isNaN(cost) || (Double.isFinite(cost) && cost >= 0), "initialCost", cost,
        "must be finite and >= 0, or NaN for unknown");
    return new AdaptiveOptions(cost, minCost, steps, window, spikeJump, jumpSigmas, confirm, margin);
  }

  /**
   * The floor of a measured remap cost, in reference step times, in [0, 1000]: a remap synchronizes every rank and
   * runs the balancer, so a cost measured as about 0 (a remap that moved nothing) is not what the next one costs.
   */
  public AdaptiveOptions minCost(double stepsOfCost) {
    Checks.check(stepsOfCost >= 0 && stepsOfCost <= 1000, "minCost", stepsOfCost, "must be in [0, 1000]");
    return new AdaptiveOptions(initialCost, stepsOfCost, steps, window, spikeJump, jumpSigmas, confirm, margin);
  }

  /** Steps the run lasts, ≥ 0 (0 = unknown): no remap is asked for that cannot pay for itself before the end. */
  public AdaptiveOptions steps(long total) {
    Checks.check(total >= 0, "steps", total, "must be >= 0 (0 = unknown)");
    return new AdaptiveOptions(initialCost, minCost, total, window, spikeJump, jumpSigmas, confirm, margin);
  }

  /** Steps of the least-squares trend that estimates the current idle level, in [1, 64] (1 = the raw step). */
  public AdaptiveOptions window(int k) {
    Checks.check(k >= 1 && k <= 64, "window", k, "must be in [1, 64]");
    return new AdaptiveOptions(initialCost, minCost, steps, k, spikeJump, jumpSigmas, confirm, margin);
  }

  /**
   * A step whose relative idle (T_max − T_avg)/T_avg exceeds both previous steps' by more than this, in (0, 1000],
   * is a spike and counts as the larger of the two; a change that lasts is seen one step later.
   */
  public AdaptiveOptions spikeJump(double jump) {
    Checks.check(jump > 0 && jump <= 1000, "spikeJump", jump, "must be in (0, 1000]");
    return new AdaptiveOptions(initialCost, minCost, steps, window, jump, jumpSigmas, confirm, margin);
  }

  /**
   * An abrupt change: the relative idle of the last {@link #confirm()} steps exceeds the interval's earlier mean by
   * more than this many step-to-step noise deviations, in [0, 1000] (0: off, Stop-At-Rise's rule alone).
   */
  public AdaptiveOptions jumpSigmas(double sigmas) {
    Checks.check(sigmas >= 0 && sigmas <= 1000, "jumpSigmas", sigmas, "must be in [0, 1000]");
    return new AdaptiveOptions(initialCost, minCost, steps, window, spikeJump, sigmas, confirm, margin);
  }

  /** Steps an abrupt change must last before it fires, in [1, 16]. */
  public AdaptiveOptions confirm(int k) {
    Checks.check(k >= 1 && k <= 16, "confirm", k, "must be in [1, 16]");
    return new AdaptiveOptions(initialCost, minCost, steps, window, spikeJump, jumpSigmas, k, margin);
  }

  /**
   * How many standard deviations of the trend estimate the current idle must exceed the mean loss per step by, in
   * [0, 100] (0: Stop-At-Rise's comparison): noise alone then rarely fires a remap early.
   */
  public AdaptiveOptions margin(double deviations) {
    Checks.check(deviations >= 0 && deviations <= 100, "margin", deviations, "must be in [0, 100]");
    return new AdaptiveOptions(initialCost, minCost, steps, window, spikeJump, jumpSigmas, confirm, deviations);
  }

  public double margin() {
    return margin;
  }

  public double initialCost() {
    return initialCost;
  }

  public double minCost() {
    return minCost;
  }

  public long steps() {
    return steps;
  }

  public int window() {
    return window;
  }

  public double spikeJump() {
    return spikeJump;
  }

  public double jumpSigmas() {
    return jumpSigmas;
  }

  public int confirm() {
    return confirm;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AdaptiveOptions a && Double.compare(a.initialCost, initialCost) == 0
        && Double.compare(a.minCost, minCost) == 0 && a.steps == steps && a.window == window
        && Double.compare(a.spikeJump, spikeJump) == 0 && Double.compare(a.jumpSigmas, jumpSigmas) == 0
        && a.confirm == confirm && Double.compare(a.margin, margin) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(initialCost, minCost, steps, window, spikeJump, jumpSigmas, confirm, margin);
  }

  @Override
  public String toString() {
    return "AdaptiveOptions[initialCost=" + initialCost + ", minCost=" + minCost + ", steps=" + steps + ", window="
        + window + ", spikeJump=" + spikeJump + ", jumpSigmas=" + jumpSigmas + ", confirm=" + confirm + ", margin=" + margin + "]";
  }
}
