package org.amrbalance.triggers;

import java.util.Locale;
import java.util.Map;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.loads.IdleEstimator;

/**
 * The default trigger: Stop-At-Rise's rule on the idle a remap removes in expectation, estimated per rank, with a
 * detector of abrupt change and a horizon.
 *
 * <p>Inputs: each rank's share of the step, filtered under a model of how shares drift apart after a remap that is
 * fitted to the run's own history ({@link IdleEstimator#perRank}): the estimate e_n of the idle a remap removes now, in
 * shares of the mean step time, so a uniform slowdown or a spike on every rank changes nothing; a step whose relative
 * idle r = (T_max − T_avg)/T_avg jumps by more than {@link AdaptiveOptions#spikeJump()} above both steps before it is a
 * spike on one rank and is held at the previous step ({@link IdleSignal}; the first step of an interval, which has no
 * step before it, is replaced by the second when it exceeds it by as much); the remap cost C is expressed in reference
 * steps c = C/T̄ (T̄ the median T_avg of the last five steps) and floored at {@link AdaptiveOptions#minCost()}; before
 * the first measured remap it is the configured estimate, else one step.
 *
 * <p>Rules, at step n ≥ 2 of an interval:
 * <ul>
 *   <li>rise (seed 000's W(n) &gt; W(n−1)): e_n &gt; (Σ_{k&lt;n} e_k + c)/(n−1), once the load model is fitted (from
 *       the eighth step of the run on);
 *   <li>abrupt change: the smallest r of the last {@link AdaptiveOptions#confirm()} steps exceeds the interval's earlier
 *       mean by more than {@link AdaptiveOptions#jumpSigmas()} step-to-step noise deviations (a mean absolute step
 *       difference over the last 64 steps, each difference clipped at four deviations) and that shift, kept for the
 *       steps left, pays c: a level that jumped is removed at once instead of after its loss has summed to c. Only
 *       while the step-to-step changes look like measurement noise (below): against an idle that wanders by itself,
 *       as MUM's does, a level above the mean is the wander, not a change;
 *   <li>horizon: with R steps left (from {@link AdaptiveOptions#steps()}; unknown: as many as were run), no remap at
 *       R ≤ 0, and when R &lt; n only if the idle saved before the end, Σ_{k≤R} b·(n − k) with b the least-squares
 *       slope of r over the whole interval, exceeds c: the idle regrowing along the interval's line, not from a peak.
 * </ul>
 * <p>What it learned of the loads, the model, carries into a later run of the same problem through
 * {@link #learnedOptions()} and the option {@code load-model} ({@link AdaptiveOptions#loadModel}): that run acts on it
 * from its first step instead of fitting its own from step 8 on, and its own fits take over as its steps add up.
 *
 * Deterministic; the state is written through {@link TriggerState}.
 */
final class Adaptive implements RemapPolicy {
  /** The configuration name. */
  public static final String NAME = "adaptive";
  private static final int NOISE_MEMORY = 64;

  private final AdaptiveOptions options;
  private final RankCount ranks = new RankCount();
  private final IdleSignal signal;
  private final IdleEstimator loads;
  private final double[] recent;
  private double cost;
  private int steps;
  private double sum;
  private double weighted;
  private long total;
  private double noise;
  private long noiseCount;
  private double lagCovariance;
  private double squares;
  private double lastDifference = Double.NaN;

  public Adaptive(AdaptiveOptions options) {
    this.options = Checks.notNull("options", options);
    this.signal = new IdleSignal(options.spikeJump());
    this.loads = IdleEstimator.perRank(options.loadModel());
    this.recent = new double[Math.max(2, options.confirm())];
    this.cost = options.initialCost();
  }

  public Adaptive() {
    this(AdaptiveOptions.defaults());
  }

  @Override
  public RemapDecision onStep(StepTimes times) {
    ranks.check(times);
    double r = signal.admit(times);
    loads.admit(times, signal.lastWasSpike());
    double previous = steps > 0 ? recent(0) : Double.NaN;
    recent[steps % recent.length] = r;
    steps++;
    total++;
    sum += r;
    weighted += steps * r;
    if (steps == 2 && previous - r > options.spikeJump()) {
      // The first step of an interval has no earlier step to be held against: a spike there is seen one step late.
      sum += r - previous;
      weighted += r - previous;
      recent[0] = r;
      previous = r;
    }
    double c = costInSteps();
    RemapDecision decision = RemapDecision.keep();
    if (steps >= 2) {
      double level = loads.idle();
      double meanLoss = (loads.idleSum() - level + c) / (steps - 1);
      boolean rise = loads.ready() && level > meanLoss;
      double remaining = options.steps() > 0 ? options.steps() - total : total;
      double shift = shift();
      boolean abrupt = !Double.isNaN(shift) && shift > options.jumpSigmas() * noiseDeviation()
          && measurementNoise() && shift * remaining > c;
      boolean pays = remaining > 0 && (remaining >= steps || payBack(remaining) > c);
      if ((rise || abrupt) && pays) {
        decision = RemapDecision.remap(String.format(Locale.ROOT, rise
            ? "expected removable idle %.4g rose above the mean loss per step %.4g (cost %.3g steps)"
            : "relative idle jumped by %.4g, %.1f noise deviations (cost %.3g steps)",
            rise ? level : shift, rise ? meanLoss : shift / noiseDeviation(), c));
      }
      learnNoise(r - previous);
    }
    return decision;
  }

  @Override
  public RemapDecision onRegrid() {
    loads.regridded();
    return RemapDecision.keep("regrid");
  }

  /**
   * The idle a remap now saves over the R &lt; n steps left, in reference steps, if the idle regrows along the
   * least-squares line of the whole interval (slope b over steps 1..n): Σ_{k≤R} b·(n − k). A line through the whole
   * interval does not follow a peak of a wandering idle, as r_n or a short trend does (seed 000 Figure 3, N = 3).
   */
  private double payBack(double remaining) {
    double n = steps;
    double slope = (n * weighted - n * (n + 1) / 2 * sum) / (n * n * (n * n - 1) / 12);
    return slope * (n * remaining - remaining * (remaining + 1) / 2);
  }

  /** The i-th most recent r of the interval (0 = this step's). */
  private double recent(int i) {
    return recent[Math.floorMod(steps - 1 - i, recent.length)];
  }

  /** Smallest r of the last confirm steps minus the interval's mean before them; NaN when there is too little. */
  private double shift() {
    int m = options.confirm();
    if (options.jumpSigmas() == 0 || steps < m + 2 || noiseCount < 4) {
      return Double.NaN;
    }
    double least = Double.POSITIVE_INFINITY;
    double last = 0;
    for (int i = 0; i < m; i++) {
      least = Math.min(least, recent(i));
      last += recent(i);
    }
    return least - (sum - last) / (steps - m);
  }

  /**
   * Whether the step-to-step changes of r are mostly measurement noise, −cov(Δ_t, Δ_{t−1}) ≥ Var(Δ)/5 (white noise:
   * 1/2; a wandering idle such as MUM's: about 0, measured 0.03–0.06 on the comparison's models without noise, 0.25–0.45
   * with): only against such noise is a level above the interval's mean a change rather than the idle's own wander.
   */
  private boolean measurementNoise() {
    return -lagCovariance >= 0.2 * squares;
  }

  /** The step-to-step deviation of r: 1.25 × the mean absolute difference (exact for normal noise). */
  private double noiseDeviation() {
    return 1.25 * noise;
  }

  private void learnNoise(double difference) {
    double d = difference;
    boolean outlier = false;
    if (noiseCount >= 4) {
      double cap = 4 * noiseDeviation(); // one jump or spike must not raise the threshold for long
      outlier = Math.abs(d) > cap;
      d = Math.max(-cap, Math.min(cap, d));
    }
    noiseCount++;
    double weight = 1.0 / Math.min(noiseCount, NOISE_MEMORY);
    noise += (Math.abs(d) - noise) * weight;
    if (outlier) {
      // A jump is what the abrupt rule looks for: it must not make the noise look like a wandering idle.
      lastDifference = Double.NaN;
      return;
    }
    squares += (d * d - squares) * weight;
    if (!Double.isNaN(lastDifference)) {
      lagCovariance += (d * lastDifference - lagCovariance) * weight;
    }
    lastDifference = d;
  }

  private double costInSteps() {
    double step = signal.referenceStep();
    double c = Double.isNaN(cost) || !(step > 0) ? 1 : cost / step;
    return Math.max(c, options.minCost());
  }

  @Override
  public void onRemap(double measuredCost) {
    Checks.finiteNonNegative("measuredCost", measuredCost);
    cost = measuredCost;
    steps = 0;
    sum = 0;
    weighted = 0;
    lastDifference = Double.NaN;
    signal.restart();
    loads.remapped();
    ranks.remapped();
  }

  @Override
  public byte[] saveState() {
    return AdaptiveStateCodec.write(new AdaptiveStateCodec.Fields(ranks.get(), cost, steps, sum, weighted, total, noise,
        noiseCount, lagCovariance, squares, lastDifference, recent.clone()), signal, loads);
  }

  @Override
  public void restoreState(byte[] state) {
    AdaptiveStateCodec.Fields f = AdaptiveStateCodec.read(state, options.confirm(), signal, loads);
    ranks.set(f.ranks());
    cost = f.cost();
    steps = f.steps();
    sum = f.sum();
    weighted = f.weighted();
    total = f.total();
    noise = f.noise();
    noiseCount = f.noiseCount();
    lagCovariance = f.lagCovariance();
    squares = f.squares();
    lastDifference = f.lastDifference();
    System.arraycopy(f.recent(), 0, recent, 0, recent.length);
  }

  /** The load model learned so far, as the option {@code load-model} that starts a later run from it. */
  @Override
  public Map<String, String> learnedOptions() {
    return loads.learned().map(m -> Map.of(AdaptiveOptions.LOAD_MODEL.name(), m.text())).orElse(Map.of());
  }

  /** Steps since the last remap. */
  public int stepsSinceRemap() {
    return steps;
  }

  /** The remap cost in reference step times that the rules use now. */
  public double costInReferenceSteps() {
    return costInSteps();
  }
}
