package org.amrbalance.experiments.models;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.internal.Checks;

/**
 * Measurement noise on a model's step times, as a solver's timers would add it: every rank's time is multiplied by
 * max(0, 1 + σ·Z) with Z standard normal, and with probability {@code spikeRate} a step has one rank, drawn uniformly,
 * {@code spikeFactor} times slower. Two further kinds: additive noise, max(0, t + σ_a·T̄·Z) with T̄ the step's mean
 * time before the noise, so a light rank's time varies as much as a heavy one's; and heavy-tailed jitter, each rank
 * independently each step with probability {@code jitterRate} slower by a factor uniform in [lo, hi] (a stalled
 * node, a page fault storm). The noise of step t depends only on the seed and t, so every policy replaying a path
 * sees the same noise (common random numbers). The noise is real time: utilization is computed on the noisy times,
 * and no remap removes it.
 */
@Immutable
public final class StepTimeNoise {
  private static final StepTimeNoise NONE = new StepTimeNoise(0, 0, 1, 0, 0, 1, 1);

  private final double sigma;
  private final double spikeRate;
  private final double spikeFactor;
  private final double additive;
  private final double jitterRate;
  private final double jitterLow;
  private final double jitterHigh;

  private StepTimeNoise(double sigma, double spikeRate, double spikeFactor, double additive, double jitterRate,
      double jitterLow, double jitterHigh) {
    this.sigma = sigma;
    this.spikeRate = spikeRate;
    this.spikeFactor = spikeFactor;
    this.additive = additive;
    this.jitterRate = jitterRate;
    this.jitterLow = jitterLow;
    this.jitterHigh = jitterHigh;
  }

  /** No noise: the model's times as they are. */
  public static StepTimeNoise none() {
    return NONE;
  }

  /** Multiplicative noise of relative deviation σ in [0, 1]. */
  public static StepTimeNoise multiplicative(double sigma) {
    Checks.check(sigma >= 0 && sigma <= 1, "sigma", sigma, "must be in [0, 1]");
    return new StepTimeNoise(sigma, 0, 1, 0, 0, 1, 1);
  }

  /** A fraction {@code rate} in [0, 1] of the steps has one rank {@code factor} ≥ 1 times slower. */
  public static StepTimeNoise spikes(double rate, double factor) {
    Checks.probability("rate", rate);
    Checks.check(factor >= 1 && Double.isFinite(factor), "factor", factor, "must be finite and >= 1");
    return new StepTimeNoise(0, rate, factor, 0, 0, 1, 1);
  }

  /**
   * Additive noise: every rank's time plus σ·T̄·Z, clipped at 0, with T̄ the mean time of the step before the noise
   * and σ in [0, 1]; the deviation does not grow with the rank's own load.
   */
  public static StepTimeNoise additive(double sigma) {
    Checks.check(sigma >= 0 && sigma <= 1, "sigma", sigma, "must be in [0, 1]");
    return new StepTimeNoise(0, 0, 1, sigma, 0, 1, 1);
  }

  /**
   * Heavy-tailed jitter: each rank independently each step, with probability {@code rate} in [0, 1], is slower by a
   * factor drawn uniformly from [{@code low}, {@code high}], 1 ≤ low ≤ high, finite.
   */
  public static StepTimeNoise heavyTailed(double rate, double low, double high) {
    Checks.probability("rate", rate);
    Checks.check(low >= 1 && Double.isFinite(low), "low", low, "must be finite and >= 1");
    Checks.check(high >= low && Double.isFinite(high), "high", high, "must be finite and >= low = " + low);
    return new StepTimeNoise(0, 0, 1, 0, rate, low, high);
  }

  public double sigma() {
    return sigma;
  }

  public double spikeRate() {
    return spikeRate;
  }

  public double spikeFactor() {
    return spikeFactor;
  }

  /** σ of the additive noise, relative to the step's mean time; 0 if none. */
  public double additiveSigma() {
    return additive;
  }

  public double jitterRate() {
    return jitterRate;
  }

  public double jitterLow() {
    return jitterLow;
  }

  public double jitterHigh() {
    return jitterHigh;
  }

  /**
   * A short label: {@code none}, {@code sigma=0.1}, {@code spikes=0.01x10.0}, {@code additive=0.05},
   * {@code jitter=0.005x5.0-50.0}.
   */
  public String label() {
    List<String> parts = new ArrayList<>();
    if (sigma > 0) {
      parts.add("sigma=" + sigma);
    }
    if (spikeRate > 0) {
      parts.add("spikes=" + spikeRate + "x" + spikeFactor);
    }
    if (additive > 0) {
      parts.add("additive=" + additive);
    }
    if (jitterRate > 0) {
      parts.add("jitter=" + jitterRate + "x" + jitterLow + "-" + jitterHigh);
    }
    return parts.isEmpty() ? "none" : String.join(",", parts);
  }

  /**
   * {@code policy} seeing the noisy times of a run; the returned policy also sums the noisy T_avg and T_max so that
   * {@link Noisy#result(RunResult)} gives the run's utilization as measured.
   */
  public Noisy wrap(RemapPolicy policy, long seed) {
    return new Noisy(Checks.notNull("policy", policy), seed);
  }

  /**
   * A reference policy that is also told each step's times before the noise (the model's loads) and the noise: what
   * no solver is told, to measure what knowing them is worth.
   */
  public interface SeesLoads {
    void loads(StepTimes clean, StepTimeNoise noise);
  }

  /** A policy behind the noise; one per run. */
  public final class Noisy implements RemapPolicy {
    private final RemapPolicy inner;
    private final long seed;
    private long step;
    private double sumAverage;
    private double sumMax;

    private Noisy(RemapPolicy inner, long seed) {
      this.inner = inner;
      this.seed = seed;
    }

    @Override
    public RemapDecision onStep(StepTimes times) {
      SplittableRandom rng = new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * ++step));
      int n = times.ranks();
      double[] t = new double[n];
      for (int r = 0; r < n; r++) {
        t[r] = times.time(r) * (sigma > 0 ? Math.max(0, 1 + sigma * rng.nextGaussian()) : 1);
      }
      if (spikeRate > 0 && rng.nextDouble() < spikeRate) {
        t[rng.nextInt(n)] *= spikeFactor;
      }
      // The kinds added later draw after the first two, so that those keep their numbers.
      if (additive > 0) {
        double deviation = additive * times.average();
        for (int r = 0; r < n; r++) {
          t[r] = Math.max(0, t[r] + deviation * rng.nextGaussian());
        }
      }
      if (jitterRate > 0) {
        for (int r = 0; r < n; r++) {
          if (rng.nextDouble() < jitterRate) {
            t[r] *= jitterLow + (jitterHigh - jitterLow) * rng.nextDouble();
          }
        }
      }
      StepTimes noisy = StepTimes.of(t);
      sumAverage += noisy.average();
      sumMax += noisy.max();
      if (inner instanceof SeesLoads s) {
        s.loads(times, StepTimeNoise.this);
      }
      return inner.onStep(noisy);
    }

    @Override
    public void onRemap(double measuredCost) {
      inner.onRemap(measuredCost);
    }

    @Override
    public void onRemapSkipped() {
      inner.onRemapSkipped();
    }

    @Override
    public RemapDecision onRegrid() {
      return inner.onRegrid(); // a replayed trace asks at its recorded regrids
    }

    /** The model's run with the sums of T_avg and T_max replaced by the noisy ones. */
    public RunResult result(RunResult clean) {
      return new RunResult(sumAverage, sumMax, clean.remaps(), clean.remapCost(), clean.completedIntervals(),
          clean.completedIntervalSteps());
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StepTimeNoise s && Double.compare(s.sigma, sigma) == 0
        && Double.compare(s.spikeRate, spikeRate) == 0 && Double.compare(s.spikeFactor, spikeFactor) == 0
        && Double.compare(s.additive, additive) == 0 && Double.compare(s.jitterRate, jitterRate) == 0
        && Double.compare(s.jitterLow, jitterLow) == 0 && Double.compare(s.jitterHigh, jitterHigh) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(sigma, spikeRate, spikeFactor, additive, jitterRate, jitterLow, jitterHigh);
  }

  @Override
  public String toString() {
    return "StepTimeNoise[" + label() + "]";
  }
}
