package org.amrbalance.experiments.models;

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
 * {@code spikeFactor} times slower. The noise of step t depends only on the seed and t, so every policy replaying a
 * path sees the same noise (common random numbers). The noise is real time: utilization is computed on the noisy
 * times, and no remap removes it.
 */
@Immutable
public final class StepTimeNoise {
  private static final StepTimeNoise NONE = new StepTimeNoise(0, 0, 1);

  private final double sigma;
  private final double spikeRate;
  private final double spikeFactor;

  private StepTimeNoise(double sigma, double spikeRate, double spikeFactor) {
    this.sigma = sigma;
    this.spikeRate = spikeRate;
    this.spikeFactor = spikeFactor;
  }

  /** No noise: the model's times as they are. */
  public static StepTimeNoise none() {
    return NONE;
  }

  /** Multiplicative noise of relative deviation σ in [0, 1]. */
  public static StepTimeNoise multiplicative(double sigma) {
    Checks.check(sigma >= 0 && sigma <= 1, "sigma", sigma, "must be in [0, 1]");
    return new StepTimeNoise(sigma, 0, 1);
  }

  /** A fraction {@code rate} in [0, 1] of the steps has one rank {@code factor} ≥ 1 times slower. */
  public static StepTimeNoise spikes(double rate, double factor) {
    Checks.probability("rate", rate);
    Checks.check(factor >= 1 && Double.isFinite(factor), "factor", factor, "must be finite and >= 1");
    return new StepTimeNoise(0, rate, factor);
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

  /** A short label: {@code none}, {@code sigma=0.1}, {@code spikes=0.01x10}. */
  public String label() {
    if (sigma == 0 && spikeRate == 0) {
      return "none";
    }
    return (sigma > 0 ? "sigma=" + sigma : "") + (sigma > 0 && spikeRate > 0 ? "," : "")
        + (spikeRate > 0 ? "spikes=" + spikeRate + "x" + spikeFactor : "");
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

    /** The model's run with the sums of T_avg and T_max replaced by the noisy ones. */
    public RunResult result(RunResult clean) {
      return new RunResult(sumAverage, sumMax, clean.remaps(), clean.remapCost(), clean.completedIntervals(),
          clean.completedIntervalSteps());
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StepTimeNoise s && Double.compare(s.sigma, sigma) == 0
        && Double.compare(s.spikeRate, spikeRate) == 0 && Double.compare(s.spikeFactor, spikeFactor) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(sigma, spikeRate, spikeFactor);
  }

  @Override
  public String toString() {
    return "StepTimeNoise[" + label() + "]";
  }
}
