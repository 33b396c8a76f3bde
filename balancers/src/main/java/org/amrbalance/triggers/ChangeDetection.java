package org.amrbalance.triggers;

import org.amrbalance.spi.TriggerState;
import org.amrbalance.spi.internal.Checks;
import java.util.Arrays;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.triggers.detection.AicChangeTest;
import org.amrbalance.triggers.detection.ChangePosterior;
import org.amrbalance.triggers.detection.ThresholdHeuristic;

/**
 * Change detection (seed 001): each step gives Z = T_avg/T_max, the step's utilization (the paper sums the
 * processors' utilizations, N times this; the AIC test is scale-invariant). d steps make a batch mean, c batch means a
 * cluster; the first cluster after the start (and after every remap) is the base B, every later one is tested against B
 * by the AIC test, and the outcome drives the posterior probability of change and the threshold heuristic of
 * {@link ThresholdHeuristic}. When it decides to TEST, the trigger asks for a remap: the host's balancer computes the
 * new partition, and a remap it declines ({@link #onRemapSkipped()}) is the paper's premature test (p := 0, thresholds
 * discarded, the base kept). After a remap the process starts over for the next change (§X), with a new base.
 *
 * <p>Choices: the gain per decision interval is estimated as Ĝ = c·d·mean(T_max − T_avg) over the last cluster, the
 * saving of a perfectly balanced new partition, at no cost (it is computed from the times already measured);
 * D_d + D_r is the measured cost of the last remap (before the first, the configured estimate, else the first step's
 * T_max). With {@link ChangeDetectionOptions#trimOutliers(boolean)} (the default) each batch drops its observation
 * farthest from the batch median, so that a single outlier step (one step 100× slower) cannot signal a change, not even
 * from inside the base cluster; this is an addition beyond the paper.
 */
final class ChangeDetection implements RemapPolicy {
  /** The configuration name. */
  public static final String NAME = "change-detection";
  private static final int STATE_VERSION = 1;

  private final ChangeDetectionOptions options;
  private final RankCount ranks = new RankCount();
  private final AicChangeTest test;
  private final ThresholdHeuristic heuristic;
  private final int d;
  private final int c;
  private final double[] batch;
  private int inBatch;
  private double[] base;
  private int inBase;
  private final double[] cluster;
  private int inCluster;
  private double[] lastCluster;
  private double clusterIdle;
  private int clusterSteps;
  private double lastGain = Double.NaN;
  private double cost;
  private boolean asked;

  public ChangeDetection(ChangeDetectionOptions options) {
    this.options = Checks.notNull("options", options);
    this.d = options.batchSize();
    this.c = options.clusterSize();
    this.test = AicChangeTest.of(options.aicForm(), 1e-9);
    ChangePosterior posterior = ChangePosterior.of(options.effectiveFailureRate(), options.alpha(), options.beta());
    this.heuristic = ThresholdHeuristic.of(posterior, options.rho(),
        posterior.triggerThreshold(options.thresholdPosition()), options.decisionHorizon());
    this.batch = new double[d];
    this.base = new double[c];
    this.cluster = new double[c];
    this.cost = options.initialCost();
  }

  public ChangeDetection() {
    this(ChangeDetectionOptions.defaults());
  }

  @Override
  public RemapDecision onStep(StepTimes times) {
    ranks.check(times);
    if (Double.isNaN(cost)) {
      cost = times.max();
    }
    batch[inBatch++] = times.max() > 0 ? times.average() / times.max() : 1;
    clusterIdle += times.idle();
    clusterSteps++;
    if (inBatch < d) {
      return RemapDecision.keep();
    }
    double x = batchValue();
    inBatch = 0;
    if (inBase < c) {
      base[inBase++] = x;
      if (inBase == c) {
        heuristic.skip(); // the decision interval spent collecting the base has no test
        resetCluster();
      }
      return RemapDecision.keep("collecting the base cluster");
    }
    cluster[inCluster++] = x;
    if (inCluster < c) {
      return RemapDecision.keep();
    }
    boolean positive = test.signalsChange(base, cluster);
    double idlePerStep = clusterIdle / clusterSteps;
    ThresholdHeuristic.Action action = heuristic.decide(positive, () -> (double) c * d * idlePerStep, cost);
    lastCluster = cluster.clone();
    resetCluster();
    if (action == ThresholdHeuristic.Action.TEST) {
      asked = true;
      lastGain = heuristic.lastGain();
      double remaining = options.decisionHorizon() - heuristic.step() + 1;
      double predicted = Double.isInfinite(remaining) ? Double.NaN : Math.max(0, remaining) * c * d * idlePerStep;
      return RemapDecision.remap(String.format(java.util.Locale.ROOT,
          "change probability %.3f above threshold %.3f at decision step %d", heuristic.probability(),
          heuristic.threshold(heuristic.step()), heuristic.step()), predicted);
    }
    return RemapDecision.keep();
  }

  @Override
  public void onRemap(double measuredCost) {
    Checks.finiteNonNegative("measuredCost", measuredCost);
    cost = measuredCost;
    heuristic.repartitioned();
    inBatch = 0;
    resetCluster();
    if (asked && lastCluster != null && options.newBase() == ChangeDetectionOptions.NewBase.TRIGGERING_CLUSTER) {
      base = lastCluster.clone();
      inBase = c;
    } else {
      base = new double[c];
      inBase = 0;
    }
    asked = false;
    ranks.remapped();
  }

  /**
   * The cost is measured and the rank count may change, but the base and the clusters are kept, so the test goes on
   * across the other trigger's remaps: restarting at each would leave it no cluster to test, ever.
   */
  @Override
  public void onRemapAskedByAnother(double measuredCost) {
    Checks.finiteNonNegative("measuredCost", measuredCost);
    cost = measuredCost;
    ranks.remapped();
  }

  @Override
  public byte[] saveState() {
    ThresholdHeuristic.State h = heuristic.state();
    return TriggerState.writer(NAME, STATE_VERSION).putInt(ranks.get())
        .putDoubles(batch).putInt(inBatch).putDoubles(base).putInt(inBase).putDoubles(cluster).putInt(inCluster)
        .putDoubles(lastCluster).putDouble(clusterIdle).putInt(clusterSteps).putDouble(lastGain).putDouble(cost)
        .putBoolean(asked)
        .putDouble(h.p()).putLong(h.step()).putInt(h.mode().ordinal()).putLong(h.armedAt())
        .putDouble(h.lastStep0()).putDouble(h.lastGain()).toBytes();
  }

  @Override
  public void restoreState(byte[] state) {
    TriggerState.Reader in = TriggerState.reader(state, NAME, STATE_VERSION);
    int r = in.readInt();
    double[] b = in.readDoubles();
    int nb = in.readInt();
    double[] bs = in.readDoubles();
    int nbs = in.readInt();
    double[] cl = in.readDoubles();
    int ncl = in.readInt();
    double[] last = in.readDoubles();
    double idle = in.readDouble();
    int idleSteps = in.readInt();
    double gain = in.readDouble();
    double remapCost = in.readDouble();
    boolean a = in.readBoolean();
    double p = in.readDouble();
    long hStep = in.readLong();
    int mode = in.readInt();
    long armed = in.readLong();
    double step0 = in.readDouble();
    double hGain = in.readDouble();
    in.end();
    // The batch and cluster sizes are options: a state of other options would be read out of step.
    boolean sizes = b != null && b.length == d && bs != null && bs.length == c && cl != null && cl.length == c
        && (last == null || last.length == c);
    Checks.check(sizes, "state", state.length + " bytes", "written with other batch or cluster sizes than d = " + d
        + ", c = " + c);
    Checks.check(r >= 0 && nb >= 0 && nb < d && nbs >= 0 && nbs <= c && ncl >= 0 && ncl < c && idleSteps >= 0,
        "state", state.length + " bytes", "holds a count out of range");
    Checks.check(mode >= 0 && mode < ThresholdHeuristic.Mode.values().length, "state.mode", mode, "unknown mode");
    heuristic.restore(new ThresholdHeuristic.State(p, hStep, ThresholdHeuristic.Mode.values()[mode], armed, step0,
        hGain));
    ranks.set(r);
    System.arraycopy(b, 0, batch, 0, d);
    inBatch = nb;
    base = bs;
    inBase = nbs;
    System.arraycopy(cl, 0, cluster, 0, c);
    inCluster = ncl;
    lastCluster = last;
    clusterIdle = idle;
    clusterSteps = idleSteps;
    lastGain = gain;
    cost = remapCost;
    asked = a;
  }

  @Override
  public void onRemapSkipped() {
    if (asked) {
      heuristic.prematureTest();
      asked = false;
    }
  }

  /** The current probability that the workload changed since the base cluster. */
  public double changeProbability() {
    return heuristic.probability();
  }

  /** Ĝ of the last repartitioning decision, NaN before. */
  public double lastGainEstimate() {
    return lastGain;
  }

  public ThresholdHeuristic.Mode mode() {
    return heuristic.mode();
  }

  /** The base cluster's batch means (empty while it is being collected). */
  public double[] baseCluster() {
    return inBase == c ? base.clone() : new double[0];
  }

  private void resetCluster() {
    inCluster = 0;
    clusterIdle = 0;
    clusterSteps = 0;
  }

  private double batchValue() {
    if (!options.trimOutliers() || d < 3) {
      double s = 0;
      for (double v : batch) {
        s += v;
      }
      return s / d;
    }
    double[] sorted = batch.clone();
    Arrays.sort(sorted);
    double median = d % 2 == 1 ? sorted[d / 2] : (sorted[d / 2 - 1] + sorted[d / 2]) / 2;
    int far = Math.abs(sorted[0] - median) >= Math.abs(sorted[d - 1] - median) ? 0 : d - 1;
    double s = 0;
    for (int i = 0; i < d; i++) {
      if (i != far) {
        s += sorted[i];
      }
    }
    return s / (d - 1);
  }
}
