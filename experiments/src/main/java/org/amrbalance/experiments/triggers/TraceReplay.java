package org.amrbalance.experiments.triggers;

import java.util.Arrays;
import java.util.function.Supplier;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/**
 * A trigger run over a recorded trace, as {@code BalancingService} runs it: at a recorded regrid it is asked
 * {@code onRegrid}, after every step's times but the last {@code onStep}, and told every remap's cost.
 *
 * <p>The trace holds the times of its own remaps only; the replay models the others. T_avg of every step is the
 * recorded one. A replayed remap where the trace has one leaves the recorded times; elsewhere the {@link RemapModel}
 * says what it leaves. Across a recorded remap the replay did not do, the drop it brought is not taken. With
 * {@link RemapModel.Persistent} the replay keeps, per rank, the recorded share of the step minus its own: a remap
 * sets it to the persistent deviation it removes (after a step's times that step's, at a regrid the new mesh's), a
 * recorded remap not done takes the jump of the persistent shares back out, and shares below 0 are cut to 0 (the
 * others scaled to keep T_avg). With an {@link RemapModel.OnImbalance}
 * model the replay keeps λ = T_max/T_avg minus the recorded λ instead, within [1, ranks], and the ranks' times keep
 * the recorded pattern of deviations, scaled. So a trigger that remaps exactly where the trace did sees the recorded
 * times and gets the recorded utilization. A remap costs what the trace measured at that point, elsewhere the mean
 * measured cost, or the given cost for all. Remap rows before the first step's times are outside the replay.
 */
final class TraceReplay {
  private final int n;
  private final int ranks;
  private final double[][] seconds;
  private final double[] avg;
  private final double[] max;
  private final double[] lambda;
  private final boolean[] regrid;
  /** The recorded remap cost of boundary i (before step i's times), NaN when the trace has none there. */
  private final double[] recordedCost;
  private final RemapModel model;
  private final double meanCost;
  private final double fixedCost;
  /** Each rank's persistent share of each step (see {@link RemapModel.Persistent}); null for the other models. */
  private final double[][] persistent;

  private TraceReplay(StepTrace trace, RemapModel model, double fixedCost) {
    this.n = trace.steps().size();
    this.ranks = trace.ranks();
    this.seconds = new double[n][];
    this.avg = new double[n];
    this.max = new double[n];
    this.lambda = new double[n];
    this.regrid = new boolean[n];
    this.recordedCost = new double[n];
    this.model = model;
    this.fixedCost = fixedCost;
    for (int i = 0; i < n; i++) {
      StepTrace.Step s = trace.steps().get(i);
      seconds[i] = s.seconds();
      avg[i] = s.average();
      max[i] = s.max();
      lambda[i] = avg[i] > 0 ? max[i] / avg[i] : 1;
      regrid[i] = s.regrid().isPresent();
      double c = s.remapBefore().orElse(Double.NaN);
      if (i > 0 && trace.steps().get(i - 1).remapAfter().isPresent()) {
        c = (Double.isNaN(c) ? 0 : c) + trace.steps().get(i - 1).remapAfter().getAsDouble();
      }
      recordedCost[i] = i == 0 ? Double.NaN : c;
    }
    this.meanCost = mean(recordedCost);
    this.persistent = model instanceof RemapModel.Persistent p ? persistentShares(p.halfWidth()) : null;
  }

  /**
   * The mean share of each rank over the steps within {@code h} of each step, the window cut at regrids and
   * recorded remaps. The window is the same for all ranks, so the shares of a step still sum to the ranks.
   */
  private double[][] persistentShares(int h) {
    double[][] p = new double[n][ranks];
    int start = 0;
    while (start < n) {
      int end = start + 1;
      while (end < n && !regrid[end] && Double.isNaN(recordedCost[end])) {
        end++;
      }
      // Prefix sums of the shares over the segment [start, end).
      double[][] sum = new double[end - start + 1][ranks];
      for (int i = start; i < end; i++) {
        for (int r = 0; r < ranks; r++) {
          sum[i - start + 1][r] = sum[i - start][r] + (avg[i] > 0 ? seconds[i][r] / avg[i] : 1);
        }
      }
      for (int i = start; i < end; i++) {
        int lo = Math.max(start, i - h) - start;
        int hi = Math.min(end, i + h + 1) - start;
        for (int r = 0; r < ranks; r++) {
          p[i][r] = (sum[hi][r] - sum[lo][r]) / (hi - lo);
        }
      }
      start = end;
    }
    return p;
  }

  /**
   * @param model what a remap the trace did not record does
   * @param cost every replayed remap's cost, or NaN for the measured ones
   * @throws IllegalArgumentException (message for the command line) if the trace records no remap and no cost is
   *     given
   */
  static TraceReplay of(StepTrace trace, RemapModel model, double cost) {
    TraceReplay r = new TraceReplay(trace, model, cost);
    if (Double.isNaN(cost) && Double.isNaN(r.meanCost)) {
      throw new IllegalArgumentException("the trace records no remap and so no remap cost: give --remap-cost SECONDS");
    }
    return r;
  }

  /** λ of the steps right after the trace's remaps, averaged; NaN if it records none. */
  static double measuredLevel(StepTrace trace) {
    TraceReplay r = new TraceReplay(trace, new RemapModel.ShrinkExcess(1), Double.NaN);
    double sum = 0;
    int k = 0;
    for (int i = 1; i < r.n; i++) {
      if (!Double.isNaN(r.recordedCost[i])) {
        sum += r.lambda[i];
        k++;
      }
    }
    return k == 0 ? Double.NaN : sum / k;
  }

  int steps() {
    return n;
  }

  /** The mean remap cost the trace measured, NaN if none. */
  double meanMeasuredCost() {
    return meanCost;
  }

  /** The run as recorded: its own times and remaps. */
  Run recorded() {
    double[] cost = new double[n];
    int remaps = 0;
    for (int i = 1; i < n; i++) {
      if (!Double.isNaN(recordedCost[i])) {
        cost[i] = recordedCost[i];
        remaps++;
      }
    }
    return new Run(avg, max.clone(), cost, remaps);
  }

  /** A fresh policy of {@code policy} over the trace. */
  Run run(Supplier<RemapPolicy> policy) {
    RemapPolicy p = policy.get();
    Replayed state = persistent != null ? new Shares() : new Imbalance((RemapModel.OnImbalance) model);
    double[] stepMax = new double[n];
    double[] cost = new double[n];
    int remaps = 0;
    boolean pending = false;
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        int here = pending ? 1 : 0;
        boolean atRegrid = false;
        if (regrid[i]) {
          RemapDecision d = p.onRegrid();
          if (d.shouldRemap()) {
            p.onRemap(costAt(i));
            here++;
            atRegrid = true;
          }
        }
        state.boundary(i, pending, atRegrid, !Double.isNaN(recordedCost[i]));
        cost[i] = here * costAt(i);
        remaps += here;
      }
      stepMax[i] = state.max(i);
      pending = false;
      if (i < n - 1) {
        pending = p.onStep(StepTimes.of(state.times(i))).shouldRemap();
        if (pending) {
          p.onRemap(costAt(i + 1));
        }
      }
    }
    return new Run(avg, stepMax, cost, remaps);
  }

  /** The replayed times, step by step: {@link #boundary} before each step but the first, then the step's. */
  private interface Replayed {
    /**
     * Before step i: whether the replay remaps after step i − 1's times (before a regrid at i), whether at the
     * regrid, and whether the trace remapped there.
     */
    void boundary(int i, boolean afterStep, boolean atRegrid, boolean recorded);

    double max(int i);

    double[] times(int i);
  }

  /** The replay's λ as the recorded λ plus an offset, for an {@link RemapModel.OnImbalance} model. */
  private final class Imbalance implements Replayed {
    private final RemapModel.OnImbalance model;
    /** The replay's λ minus the recorded one: 0 while the replay has remapped as the trace did. */
    private double off;

    Imbalance(RemapModel.OnImbalance model) {
      this.model = model;
    }

    @Override
    public void boundary(int i, boolean afterStep, boolean atRegrid, boolean recorded) {
      boolean remapped = afterStep || atRegrid;
      double before = recorded ? lambda[i - 1] + off : lambda[i] + off;
      double lam = !remapped ? before : recorded ? lambda[i] : model.after(before);
      off = Math.min(ranks, Math.max(1, lam)) - lambda[i];
    }

    @Override
    public double max(int i) {
      return off == 0 ? max[i] : avg[i] * (lambda[i] + off);
    }

    @Override
    public double[] times(int i) {
      return off == 0 ? seconds[i] : patternTimes(i, lambda[i] + off);
    }
  }

  /** Each rank's share as the recorded share minus an offset, for {@link RemapModel.Persistent}. */
  private final class Shares implements Replayed {
    /** Per rank, the recorded share minus the replay's: all 0 while the replay has remapped as the trace did. */
    private final double[] off = new double[ranks];
    private boolean asRecorded = true;
    private int cachedStep = -1;
    private double[] cached;

    @Override
    public void boundary(int i, boolean afterStep, boolean atRegrid, boolean recorded) {
      cachedStep = -1;
      if ((afterStep || atRegrid) && recorded) {
        Arrays.fill(off, 0);
        asRecorded = true;
      } else if (afterStep || atRegrid) {
        // At a regrid the remap balances the new mesh; after a step, the loads of that step, and what a regrid
        // right after it changes stays.
        double[] balanced = persistent[atRegrid ? i : i - 1];
        for (int r = 0; r < ranks; r++) {
          off[r] = balanced[r] - 1;
        }
        asRecorded = false;
      } else if (recorded) {
        // The recorded remap's change of the persistent shares, which the replay did not make.
        for (int r = 0; r < ranks; r++) {
          off[r] += persistent[i][r] - persistent[i - 1][r];
        }
        asRecorded = false;
      }
    }

    @Override
    public double max(int i) {
      if (asRecorded) {
        return max[i];
      }
      double m = 0;
      for (double t : times(i)) {
        m = Math.max(m, t);
      }
      return m;
    }

    @Override
    public double[] times(int i) {
      if (asRecorded) {
        return seconds[i];
      }
      if (cachedStep == i) {
        return cached;
      }
      double[] t = new double[ranks];
      double sum = 0;
      for (int r = 0; r < ranks; r++) {
        t[r] = Math.max(0, (avg[i] > 0 ? seconds[i][r] / avg[i] : 1) - off[r]);
        sum += t[r];
      }
      for (int r = 0; r < ranks; r++) {
        t[r] = sum > 0 ? avg[i] * t[r] * ranks / sum : avg[i];
      }
      cachedStep = i;
      cached = t;
      return t;
    }
  }

  private double costAt(int boundary) {
    if (!Double.isNaN(fixedCost)) {
      return fixedCost;
    }
    return Double.isNaN(recordedCost[boundary]) ? meanCost : recordedCost[boundary];
  }

  /**
   * Rank times of step i with imbalance {@code lam}: the recorded deviations from T_avg, scaled to the new
   * T_max − T_avg, blended with one rank carrying all the excess as far as needed to keep every time >= 0.
   */
  private double[] patternTimes(int i, double lam) {
    double a = avg[i];
    double[] t = new double[ranks];
    if (a == 0) {
      return t;
    }
    double excess = a * (lam - 1);
    int top = 0;
    double low = 0;
    double spread = max[i] - a;
    for (int r = 0; r < ranks; r++) {
      if (seconds[i][r] > seconds[i][top]) {
        top = r;
      }
      low = Math.min(low, spread > 0 ? (seconds[i][r] - a) / spread : 0);
    }
    double one = ranks > 1 ? -1.0 / (ranks - 1) : 0;
    // The largest weight w of the recorded pattern with a + excess * (w * low + (1 - w) * one) >= 0.
    double w = spread <= 0 ? 0 : 1;
    if (spread > 0 && a + excess * low < 0) {
      w = (a + excess * one) / (excess * (one - low));
    }
    for (int r = 0; r < ranks; r++) {
      double pattern = spread > 0 ? (seconds[i][r] - a) / spread : 0;
      double single = r == top ? 1 : one;
      t[r] = Math.max(0, a + excess * (w * pattern + (1 - w) * single));
    }
    return t;
  }

  private static double mean(double[] x) {
    double sum = 0;
    int k = 0;
    for (double v : x) {
      if (!Double.isNaN(v)) {
        sum += v;
        k++;
      }
    }
    return k == 0 ? Double.NaN : sum / k;
  }

  /** Per step: T_avg, T_max (as replayed) and the remap cost paid before it. */
  record Run(double[] avg, double[] max, double[] cost, int remaps) {
    double utilization() {
      return utilization(0, avg.length);
    }

    /** Σ T_avg / (Σ T_max + Σ remap costs) over steps [from, to). */
    double utilization(int from, int to) {
      double a = 0;
      double m = 0;
      for (int i = from; i < to; i++) {
        a += avg[i];
        m += max[i] + cost[i];
      }
      return m > 0 ? a / m : 1;
    }

    /**
     * This run's utilization minus {@code other}'s, with an interval from batch means: the steps cut into
     * {@code blocks} blocks of (nearly) equal length, one difference per block.
     */
    PairedDifference minus(Run other, int blocks) {
      int n = avg.length;
      int b = Math.min(blocks, n);
      double[] d = new double[b];
      for (int k = 0; k < b; k++) {
        int from = (int) ((long) k * n / b);
        int to = (int) ((long) (k + 1) * n / b);
        d[k] = utilization(from, to) - other.utilization(from, to);
      }
      return PairedDifference.withSpreadOf(utilization() - other.utilization(), d);
    }
  }
}
