package org.amrbalance.experiments.models;

import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.internal.Checks;

/**
 * Runs a remap policy on one MUM sample path (seed 000 §§4, 8.3). Step t's times are the chain states after its
 * moves; the policy sees them; if it asks for a remap after step t < S, the states are remapped and C is charged.
 * A remap asked for after the final step is not carried out: the run is over and it would be pure cost (spec §8.3,
 * "choose and document"). Every chain starts at K, balanced, as if freshly remapped without paying C.
 *
 * <p>Remap semantics (spec §11, "choose and document"): average-value remapping by default, which conserves work;
 * reset-to-K, which Theorem 5.2 assumes, as an option.
 */
public final class MumSimulator {
  /** What a remap does to the chain states. */
  public enum Remap {
    /** ⌊S/N⌋ or ⌊S/N⌋ + 1 for every chain (Theorem 3.1). */
    AVERAGE_VALUE,
    /** Every chain back to the middle state K (Theorem 5.2's assumption; does not conserve work). */
    RESET_TO_MIDDLE
  }

  private final MumModel model;
  private final int steps;
  private final double cost;
  private final Remap remap;

  private MumSimulator(MumModel model, int steps, double cost, Remap remap) {
    this.model = model;
    this.steps = steps;
    this.cost = cost;
    this.remap = remap;
  }

  public static MumSimulator of(MumModel model, int steps, double cost, Remap remap) {
    Checks.notNull("model", model);
    Checks.positive("steps", steps);
    Checks.finiteNonNegative("cost", cost);
    Checks.notNull("remap", remap);
    return new MumSimulator(model, steps, cost, remap);
  }

  public static MumSimulator of(MumModel model, int steps, double cost) {
    return of(model, steps, cost, Remap.AVERAGE_VALUE);
  }

  public MumModel model() {
    return model;
  }

  public int steps() {
    return steps;
  }

  public double cost() {
    return cost;
  }

  /** A buffer large enough for one path's moves. */
  public byte[] newPath() {
    return new byte[steps * model.chains()];
  }

  /** Runs {@code policy} on the path of moves; the policy is told every step and every remap (cost C). */
  public RunResult run(byte[] moves, RemapPolicy policy) {
    int n = model.chains();
    int[] s = start();
    double[] times = new double[n];
    double sumAvg = 0;
    double sumMax = 0;
    int remaps = 0;
    int since = 0;
    long intervalSteps = 0;
    for (int t = 0; t < steps; t++) {
      model.apply(moves, t, s);
      int max = 0;
      long sum = 0;
      for (int j = 0; j < n; j++) {
        times[j] = s[j];
        max = Math.max(max, s[j]);
        sum += s[j];
      }
      sumMax += max;
      sumAvg += (double) sum / n;
      since++;
      RemapDecision d = policy.onStep(StepTimes.of(times));
      if (d.shouldRemap() && t < steps - 1) {
        remap(s);
        policy.onRemap(cost);
        remaps++;
        intervalSteps += since;
        since = 0;
      }
    }
    return new RunResult(sumAvg, sumMax, remaps, cost, remaps, intervalSteps);
  }

  /** Remap after steps m, 2m, … (m = 0: never), without the policy machinery: the fast path for interval scans. */
  public RunResult runFixed(byte[] moves, int m) {
    Checks.check(m >= 0, "m", m, "must be >= 0 (0 = never)");
    int n = model.chains();
    int[] s = start();
    long sumMax = 0;
    long sum = 0;
    int remaps = 0;
    for (int t = 0; t < steps; t++) {
      model.apply(moves, t, s);
      int max = 0;
      for (int j = 0; j < n; j++) {
        max = Math.max(max, s[j]);
        sum += s[j];
      }
      sumMax += max;
      if (m > 0 && (t + 1) % m == 0 && t < steps - 1) {
        remap(s);
        remaps++;
      }
    }
    return new RunResult((double) sum / n, sumMax, remaps, cost, remaps, (long) remaps * m);
  }

  private int[] start() {
    int[] s = new int[model.chains()];
    java.util.Arrays.fill(s, model.middle());
    return s;
  }

  private void remap(int[] s) {
    if (remap == Remap.AVERAGE_VALUE) {
      MumModel.averageValueRemap(s);
    } else {
      java.util.Arrays.fill(s, model.middle());
    }
  }
}
