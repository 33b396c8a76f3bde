package org.amrbalance.experiments.models;

import java.util.SplittableRandom;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * Seed 003's workload (spec §2): N processor loads start at w and take independent increments every phase, so each
 * load is a random walk; a remap resets every load to the mean. Also the Monte Carlo validator of spec §8.5, which
 * measures after how many phases an imbalance metric first exceeds a tolerance, by either protocol.
 */
@Immutable
public final class RandomWalkModel {
  /** The increment distribution. */
  public enum Increments {
    /** +1 w.p. 1/4, 0 w.p. 1/2, −1 w.p. 1/4 (Eq. 19): μ = 0, σ² = 0.5. */
    DEATH_BIRTH,
    /** Exponential with mean μ (σ² = μ²). */
    EXPONENTIAL,
    /** Normal with mean μ and variance σ². */
    NORMAL
  }

  /** The imbalance metric a validator run watches. */
  public enum Metric {
    /** d(t) = E[max_i |w_i − w̄|]/E[w̄] (Eq. 2, two-sided). */
    EXTREME_TWO_SIDED,
    /** d1(t) = E[max_i w_i − w̄]/E[w̄] (Eq. 5). */
    EXTREME_UPPER,
    /** v(t) = √(E[Σ_i (w_i − w̄)²])/E[w̄] (Eq. 3). */
    DEVIATION
  }

  /** How the simulated period is read off (spec §8.5, "choose and document"). */
  public enum Protocol {
    /** The last phase before the metric of the averaged numerator and denominator first exceeds the tolerance. */
    AVERAGED_METRIC,
    /** The mean over replications of the phases before each one's own metric first exceeds the tolerance. */
    MEAN_FIRST_PASSAGE
  }

  private final int processors;
  private final double initialLoad;
  private final Increments increments;
  private final double mu;
  private final double sigma2;

  private RandomWalkModel(int processors, double initialLoad, Increments increments, double mu, double sigma2) {
    this.processors = processors;
    this.initialLoad = initialLoad;
    this.increments = increments;
    this.mu = mu;
    this.sigma2 = sigma2;
  }

  /** Death–birth increments (Eq. 19). */
  public static RandomWalkModel deathBirth(int processors, double initialLoad) {
    check(processors, initialLoad);
    return new RandomWalkModel(processors, initialLoad, Increments.DEATH_BIRTH, 0, 0.5);
  }

  /** Exponential increments of mean μ &gt; 0. */
  public static RandomWalkModel exponential(int processors, double initialLoad, double mu) {
    check(processors, initialLoad);
    Checks.finitePositive("mu", mu);
    return new RandomWalkModel(processors, initialLoad, Increments.EXPONENTIAL, mu, mu * mu);
  }

  /** Normal increments N(μ, σ²). */
  public static RandomWalkModel normal(int processors, double initialLoad, double mu, double sigma2) {
    check(processors, initialLoad);
    Checks.finite("mu", mu);
    Checks.finiteNonNegative("sigma2", sigma2);
    return new RandomWalkModel(processors, initialLoad, Increments.NORMAL, mu, sigma2);
  }

  private static void check(int processors, double initialLoad) {
    Checks.check(processors >= 2, "processors", processors, "needs at least 2");
    Checks.finitePositive("initialLoad", initialLoad);
  }

  public int processors() {
    return processors;
  }

  public double initialLoad() {
    return initialLoad;
  }

  public double mu() {
    return mu;
  }

  public double sigma2() {
    return sigma2;
  }

  /** One increment. */
  public double draw(SplittableRandom rng) {
    switch (increments) {
      case DEATH_BIRTH: {
        double u = rng.nextDouble();
        return u < 0.25 ? 1 : u < 0.5 ? -1 : 0;
      }
      case EXPONENTIAL:
        return -mu * Math.log1p(-rng.nextDouble());
      default: {
        double u1 = 1 - rng.nextDouble();
        double u2 = rng.nextDouble();
        return mu + Math.sqrt(sigma2) * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      }
    }
  }

  /** A simulated period and its standard error over replications (NaN for {@link Protocol#AVERAGED_METRIC}). */
  public record Period(double value, double standardError) {}

  /**
   * The simulated remap periods for several tolerances from one set of runs: {@code replications} runs of up to
   * {@code horizon} phases, run r drawn from the r-th split of {@code new SplittableRandom(seed)}. A tolerance never
   * exceeded gives {@code horizon} (AVERAGED_METRIC), or counts {@code horizon} for such runs (MEAN_FIRST_PASSAGE).
   */
  public Period[] simulatedPeriods(Metric metric, Protocol protocol, double[] tolerances, int replications,
      int horizon, long seed) {
    Checks.notNull("metric", metric);
    Checks.notNull("protocol", protocol);
    for (int k = 0; k < tolerances.length; k++) {
      Checks.finitePositive("tolerances[" + k + "]", tolerances[k]);
    }
    Checks.check(replications >= 2, "replications", replications, "must be >= 2");
    Checks.positive("horizon", horizon);
    int nt = tolerances.length;
    double[] numerator = new double[horizon + 1];
    double[] denominator = new double[horizon + 1];
    double[] passageSum = new double[nt];
    double[] passageSq = new double[nt];
    int[] passage = new int[nt];
    SplittableRandom master = new SplittableRandom(seed);
    double[] w = new double[processors];
    for (int r = 0; r < replications; r++) {
      SplittableRandom rng = master.split();
      java.util.Arrays.fill(w, initialLoad);
      java.util.Arrays.fill(passage, -1);
      for (int t = 1; t <= horizon; t++) {
        double sum = 0;
        for (int i = 0; i < processors; i++) {
          w[i] += draw(rng);
          sum += w[i];
        }
        double mean = sum / processors;
        double num = numerator(metric, w, mean);
        numerator[t] += num;
        denominator[t] += mean;
        double ratio = ratio(metric, num, mean);
        for (int k = 0; k < nt; k++) {
          if (passage[k] < 0 && ratio > tolerances[k]) {
            passage[k] = t - 1;
          }
        }
      }
      for (int k = 0; k < nt; k++) {
        double p = passage[k] < 0 ? horizon : passage[k];
        passageSum[k] += p;
        passageSq[k] += p * p;
      }
    }
    Period[] out = new Period[nt];
    for (int k = 0; k < nt; k++) {
      if (protocol == Protocol.MEAN_FIRST_PASSAGE) {
        double m = passageSum[k] / replications;
        double var = Math.max(0, (passageSq[k] - replications * m * m) / (replications - 1));
        out[k] = new Period(m, Math.sqrt(var / replications));
      } else {
        int period = horizon;
        for (int t = 1; t <= horizon; t++) {
          if (ratio(metric, numerator[t] / replications, denominator[t] / replications) > tolerances[k]) {
            period = t - 1;
            break;
          }
        }
        out[k] = new Period(period, Double.NaN);
      }
    }
    return out;
  }

  /**
   * Runs {@code policy} on one path of {@code steps} phases from {@code seed}: the step times are the loads, a remap
   * levels every load to the mean (seed 003's uniform state) and costs C; no remap after the final phase.
   */
  public RunResult run(long seed, int steps, double cost, org.amrbalance.spi.RemapPolicy policy) {
    Checks.positive("steps", steps);
    Checks.finiteNonNegative("cost", cost);
    SplittableRandom rng = new SplittableRandom(seed);
    double[] w = new double[processors];
    java.util.Arrays.fill(w, initialLoad);
    double sumAvg = 0;
    double sumMax = 0;
    int remaps = 0;
    int since = 0;
    long intervalSteps = 0;
    for (int t = 0; t < steps; t++) {
      double sum = 0;
      double max = 0;
      for (int i = 0; i < processors; i++) {
        w[i] = Math.max(0, w[i] + draw(rng)); // a load cannot go below zero (seed 003's w ≥ 0)
        sum += w[i];
        max = Math.max(max, w[i]);
      }
      sumAvg += sum / processors;
      sumMax += max;
      since++;
      if (policy.onStep(org.amrbalance.spi.StepTimes.of(w)).shouldRemap() && t < steps - 1) {
        java.util.Arrays.fill(w, sum / processors);
        policy.onRemap(cost);
        remaps++;
        intervalSteps += since;
        since = 0;
      }
    }
    return new RunResult(sumAvg, sumMax, remaps, cost, remaps, intervalSteps);
  }

  private static double numerator(Metric metric, double[] w, double mean) {
    double v = 0;
    for (double x : w) {
      switch (metric) {
        case EXTREME_TWO_SIDED:
          v = Math.max(v, Math.abs(x - mean));
          break;
        case EXTREME_UPPER:
          v = Math.max(v, x - mean);
          break;
        default:
          v += (x - mean) * (x - mean);
      }
    }
    return v;
  }

  private static double ratio(Metric metric, double numerator, double mean) {
    return (metric == Metric.DEVIATION ? Math.sqrt(numerator) : numerator) / mean;
  }
}
