package org.amrbalance.triggers;

import java.util.Locale;
import org.amrbalance.spi.TriggerState;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.triggers.frequency.DeviationInterval;
import org.amrbalance.triggers.frequency.ExtremeDifferenceInterval;

/**
 * Seed 003's periodic remapping: remap once the analytic optimal period T* for the workload's random walk has
 * elapsed since the last remap. T* is truncated to an integer and clamped to at least 1 (spec §8.4); T* = ∞ (the
 * tolerance is never reached) never remaps.
 *
 * <p>Known workload: T* is computed once: homogeneous PI by Theorem 4.1/4.2 with the configured factor, PII by
 * Corollary 5.1/Theorem 5.1; heterogeneous PII by Theorem 5.1 on capacity-normalized moments, heterogeneous PI by
 * Theorem 6.1 with normal (CLT) accumulated changes.
 *
 * <p>Estimated workload: each rank's step time stands for its normalized load; w is the mean step time of the first
 * step after a remap (the loads are level then), the increments are each rank's changes from one step to the next within
 * an interval (never across a remap), pooled over ranks or per rank, and kept as {@link
 * RemapFrequencyOptions.Estimates} says: by default exponentially forgotten (half-life 32 increments), clipped at four
 * deviations and cleared of measurement noise; {@link RemapFrequencyOptions#paper()} accumulates them over the whole
 * run as the paper does. The period is
 * re-evaluated every step from the current estimates; before the warm-up no remap is asked for. Under per-rank
 * estimates, PI uses Theorem 6.1 evaluated at the current step only (fire once d1 of the current step exceeds D).
 * A skipped remap is asked for again at the next step. With {@link RemapFrequencyOptions#costFloor()} (the default)
 * an estimated workload's period is at least the one that pays back the last remap's measured cost (an addition
 * beyond the paper, spec §11).
 */
final class RemapFrequency implements RemapPolicy {
  /** The configuration name. */
  public static final String NAME = "remap-frequency";
  // Heterogeneous PI scans t = 1, 2, …: a tolerance not reached within this many steps counts as never.
  private static final int MAX_SCAN = 10_000;

  private static final int STATE_VERSION = 3;

  private final RemapFrequencyOptions options;
  private final RankCount ranks = new RankCount();
  private double knownInterval = Double.NaN;
  private int knownFor;
  private double cost = Double.NaN;
  private int steps;
  private double intervalLoad = Double.NaN;
  private double[] previous;
  private long[] count;
  private double[] mean;
  private double[] m2;
  private double[] weight;
  private double[] lag;
  private double[] lastIncrement;
  private double stepTotal;
  private long stepCount;

  public RemapFrequency(RemapFrequencyOptions options) {
    this.options = Checks.notNull("options", options);
  }

  public RemapFrequency() {
    this(RemapFrequencyOptions.defaults());
  }

  /** The real-valued T* of a known workload on {@code ranks} processors. */
  static double knownPeriod(RemapFrequencyOptions o, int ranks) {
    double w = o.initialLoad();
    double[] mu = o.mu();
    double[] s2 = o.sigma2();
    if (mu.length == 1) {
      return homogeneousPeriod(o, w, mu[0], s2[0], ranks);
    }
    Checks.check(mu.length == ranks, "times.ranks()", ranks,
        "the known heterogeneous workload describes " + mu.length + " processors");
    double[] c = o.capacity();
    double[] nm = new double[mu.length];
    double[] ns = new double[mu.length];
    for (int i = 0; i < mu.length; i++) {
      nm[i] = mu[i] / c[i];
      ns[i] = s2[i] / (c[i] * c[i]);
    }
    if (o.form() == RemapFrequencyOptions.Form.DEVIATION) {
      return DeviationInterval.of(nm, ns).realInterval(o.tolerance(), w);
    }
    int t = ExtremeDifferenceInterval.heterogeneousInterval(o.tolerance(), w, nm, ns, MAX_SCAN);
    return t >= MAX_SCAN ? Double.POSITIVE_INFINITY : t;
  }

  private static double homogeneousPeriod(RemapFrequencyOptions o, double w, double mu, double sigma2, int ranks) {
    if (ranks < 2) {
      return Double.POSITIVE_INFINITY; // one rank is always balanced
    }
    if (o.form() == RemapFrequencyOptions.Form.DEVIATION) {
      return DeviationInterval.homogeneous(ranks, mu, sigma2).realInterval(o.tolerance(), w);
    }
    return ExtremeDifferenceInterval.realInterval(ranks, o.factor(), o.tolerance(), w, mu, sigma2);
  }

  @Override
  public RemapDecision onStep(StepTimes times) {
    ranks.check(times);
    int n = times.ranks();
    if (Double.isNaN(cost)) {
      cost = times.max(); // until a remap is measured, as Stop-At-Rise does
    }
    steps++;
    if (steps == 1) {
      intervalLoad = times.average();
    }
    if (options.isKnown() && (Double.isNaN(knownInterval) || knownFor != n)) {
      // T* depends on the rank count, which a remap may change (a restart on other ranks).
      knownInterval = knownPeriod(options, n);
      knownFor = n;
    }
    double period = options.isKnown() ? knownInterval : estimatedPeriod(times);
    if (previous == null) {
      previous = new double[n];
    }
    for (int r = 0; r < n; r++) {
      previous[r] = times.time(r);
    }
    if (Double.isNaN(period) || steps < Math.max(1, Math.floor(period))) {
      return RemapDecision.keep();
    }
    return RemapDecision.remap(String.format(Locale.ROOT, "%d steps reached the optimal period T* = %.1f steps",
        steps, period));
  }

  private double estimatedPeriod(StepTimes times) {
    int n = times.ranks();
    RemapFrequencyOptions.Estimates e = options.estimates();
    if (count == null || count.length != n) {
      // None yet, or a remap moved the run to another rank count (a restart): per-rank statistics start afresh.
      count = new long[n];
      mean = new double[n];
      m2 = new double[n];
      weight = new double[n];
      lag = new double[n];
      lastIncrement = new double[n];
      java.util.Arrays.fill(lastIncrement, Double.NaN);
    }
    stepTotal += times.average();
    stepCount++;
    if (steps >= 2) {
      double keep = e.halfLife() == 0 ? 1 : Math.pow(0.5, 1.0 / e.halfLife());
      for (int r = 0; r < n; r++) {
        double z = times.time(r) - previous[r];
        if (e.clip() > 0 && count[r] >= options.warmup() && weight[r] > 1) {
          // A spike's two increments (up, then down) move the moments by a bounded amount.
          double sd = Math.sqrt(m2[r] / (weight[r] - 1));
          z = Math.max(mean[r] - e.clip() * sd, Math.min(mean[r] + e.clip() * sd, z));
        }
        count[r]++;
        weight[r] = keep * weight[r] + 1;
        double d = z - mean[r];
        mean[r] += d / weight[r];
        m2[r] = keep * m2[r] + d * (z - mean[r]);
        if (!Double.isNaN(lastIncrement[r])) {
          lag[r] += ((z - mean[r]) * (lastIncrement[r] - mean[r]) - lag[r]) / weight[r];
        }
        lastIncrement[r] = z;
      }
    }
    if (n < 2 || count[0] < options.warmup() || !(intervalLoad > 0)) {
      return Double.NaN;
    }
    double[] var = new double[n];
    double meanVar = 0;
    for (int r = 0; r < n; r++) {
      var[r] = m2[r] / Math.max(1e-12, weight[r] - 1);
      if (e.separateNoise()) {
        // Measurement noise ε adds 2Var(ε) to Var(Δ) and −Var(ε) to Cov(Δ_t, Δ_{t−1}); the walk adds to neither.
        var[r] = Math.max(0, var[r] + 2 * Math.min(0, lag[r]));
      }
      meanVar += var[r] / n;
    }
    if (options.pooled()) {
      // Pooled over ranks: the mean of the per-rank means, and the within-rank variance plus the spread of the means.
      double mu = 0;
      for (double m : mean) {
        mu += m / n;
      }
      double spread = 0;
      for (int r = 0; r < n; r++) {
        spread += (mean[r] - mu) * (mean[r] - mu) / n;
      }
      double v = meanVar + spread;
      double mean0 = Math.max(0, mu); // a falling mean load would only empty the processors: treat as μ = 0
      return floored(homogeneousPeriod(options, intervalLoad, mean0, v, n), v, n);
    }
    if (options.form() == RemapFrequencyOptions.Form.DEVIATION) {
      return floored(DeviationInterval.of(mean.clone(), var).realInterval(options.tolerance(), intervalLoad), meanVar,
          n);
    }
    double d1 = ExtremeDifferenceInterval.upperDifference(steps, intervalLoad, mean.clone(), var);
    return floored(d1 > options.tolerance() ? steps : Double.POSITIVE_INFINITY, meanVar, n);
  }

  /**
   * {@code period}, raised to the cost-paying period of {@link RemapFrequencyOptions#costFloor()} when that is on: the
   * T minimizing (c + Σ_{t≤T} max(0, k·σ·√t − D·w))/T, the mean loss per step when the imbalance within the tolerance
   * D is free and the excess pays for the remap; D → 0 gives (3c/(kσ))^(2/3), c → 0 the paper's T*.
   */
  private double floored(double period, double variance, int n) {
    double c = cost;
    if (options.estimates().minCost() > 0 && stepCount > 0) {
      c = Math.max(c, options.estimates().minCost() * stepTotal / stepCount);
    }
    if (!options.costFloor() || !(variance > 0) || !(c > 0)) {
      return period;
    }
    double slope = options.factor().of(n) * Math.sqrt(variance);
    double free = options.tolerance() * intervalLoad;
    double lost = 0;
    for (int t = 1; t < MAX_SCAN; t++) {
      double next = Math.max(0, slope * Math.sqrt(t + 1) - free);
      lost += Math.max(0, slope * Math.sqrt(t) - free);
      if (next * t > c + lost) { // the mean loss per step is least at t (its next term exceeds the mean)
        return Math.max(period, t);
      }
    }
    return Double.POSITIVE_INFINITY;
  }

  @Override
  public void onRemap(double measuredCost) {
    Checks.finiteNonNegative("measuredCost", measuredCost);
    cost = measuredCost;
    steps = 0;
    previous = null;
    intervalLoad = Double.NaN;
    if (lastIncrement != null) {
      java.util.Arrays.fill(lastIncrement, Double.NaN); // no increment spans a remap
    }
    ranks.remapped();
  }

  @Override
  public byte[] saveState() {
    return TriggerState.writer(NAME, STATE_VERSION).putInt(ranks.get())
        .putInt(steps).putDouble(cost).putDouble(intervalLoad).putDoubles(previous).putLongs(count)
        .putDoubles(mean).putDoubles(m2).putDoubles(weight).putDoubles(lag).putDoubles(lastIncrement)
        .putDouble(stepTotal).putLong(stepCount).toBytes();
  }

  @Override
  public void restoreState(byte[] state) {
    TriggerState.Reader in = TriggerState.reader(state, NAME, STATE_VERSION);
    int r = in.readInt();
    int n = in.readInt();
    double c = in.readDouble();
    double load = in.readDouble();
    double[] prev = in.readDoubles();
    long[] cnt = in.readLongs();
    double[] mu = in.readDoubles();
    double[] sq = in.readDoubles();
    double[] wt = in.readDoubles();
    double[] lg = in.readDoubles();
    double[] li = in.readDoubles();
    double total = in.readDouble();
    long totalCount = in.readLong();
    in.end();
    boolean sameShape = (cnt == null) == (mu == null) && (mu == null) == (sq == null)
        && (mu == null) == (wt == null) && (wt == null) == (lg == null) && (lg == null) == (li == null)
        && (cnt == null || (cnt.length == mu.length && mu.length == sq.length && sq.length == wt.length
            && wt.length == lg.length && lg.length == li.length));
    Checks.check(r >= 0 && n >= 0 && sameShape, "state", state.length + " bytes",
        "holds a negative count or per-rank statistics of different lengths");
    ranks.set(r);
    knownInterval = Double.NaN; // derived from the options and the rank count: computed again at the next step
    steps = n;
    cost = c;
    intervalLoad = load;
    previous = prev;
    count = cnt;
    mean = mu;
    m2 = sq;
    weight = wt;
    lag = lg;
    lastIncrement = li;
    stepTotal = total;
    stepCount = totalCount;
  }

  /** The real-valued T* of the known workload (NaN when estimated or before the first step). */
  public double knownInterval() {
    return knownInterval;
  }
}
