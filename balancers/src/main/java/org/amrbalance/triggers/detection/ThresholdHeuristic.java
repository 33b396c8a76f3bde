package org.amrbalance.triggers.detection;

import java.util.function.DoubleSupplier;
import org.amrbalance.spi.internal.Checks;

/**
 * Seed 001 §§VIII and X's repartitioning heuristic over decision steps n = 1, 2, …: after each change test, update
 * p; while waiting, once p &gt; p_e (step n_e) estimate the gain Ĝ per decision interval, compute
 * n_0 = M − ⌊(D_d + D_r)/Ĝ⌋ + 1 (Lemma 4, constant horizon M) and arm the thresholds
 * ρ_n = ρ + (1 − ρ)(n − n_e)/(n_0 − n_e); test (repartition) at the first n ≤ n_0 with p &gt; ρ_n, the check being made
 * at n_e itself too. A premature test resets p to 0 and discards the thresholds; a successful one ends the decision
 * process, or with several changes (§X) resets p and waits again.
 *
 * <p>Choices (spec §10 and §13, "choose and document"): n_e ≥ n_0 retains for the rest of the run (at n_e = n_0 the
 * schedule would divide by zero and π_{n_0} = 1 anyway); Ĝ ≤ 0 gives n_0 = −∞, likewise; an unknown horizon
 * (M = ∞) gives n_0 = ∞, so ρ_n stays ρ; p falling back below p_e does not disarm (only a premature test does).
 */
public final class ThresholdHeuristic {
  /** The decision at one step. */
  public enum Action {
    RETAIN,
    TEST
  }

  /** Where the heuristic stands. */
  public enum Mode {
    WAITING,
    ARMED,
    RETAIN_FOREVER
  }

  private final ChangePosterior posterior;
  private final double rho;
  private final double triggerThreshold;
  private final double horizon;
  private double p;
  private long step;
  private Mode mode = Mode.WAITING;
  private long armedAt;
  private double lastStep0 = Double.NaN;
  private double lastGain = Double.NaN;

  private ThresholdHeuristic(ChangePosterior posterior, double rho, double triggerThreshold, double horizon) {
    this.posterior = posterior;
    this.rho = rho;
    this.triggerThreshold = triggerThreshold;
    this.horizon = horizon;
  }

  /**
   * @param rho the first threshold ρ (seed 001: 0.8), in [0, 1)
   * @param triggerThreshold p_e, in (0, 1)
   * @param horizon M, the number of decision steps of the run, or {@code Double.POSITIVE_INFINITY} if unknown
   */
  public static ThresholdHeuristic of(ChangePosterior posterior, double rho, double triggerThreshold, double horizon) {
    Checks.notNull("posterior", posterior);
    Checks.check(rho >= 0 && rho < 1, "rho", rho, "must be in [0, 1)");
    Checks.openProbability("triggerThreshold", triggerThreshold);
    Checks.check(horizon >= 1, "horizon", horizon, "must be >= 1 (or infinite)");
    return new ThresholdHeuristic(posterior, rho, triggerThreshold, horizon);
  }

  /**
   * One decision step: the test at this step was {@code positive}; {@code gain} is asked for Ĝ when p first passes
   * p_e; {@code delay} is D_d + D_r.
   */
  public Action decide(boolean positive, DoubleSupplier gain, double delay) {
    step++;
    p = posterior.update(p, positive);
    if (mode == Mode.RETAIN_FOREVER) {
      return Action.RETAIN;
    }
    if (mode == Mode.WAITING && p > triggerThreshold) {
      lastGain = gain.getAsDouble();
      lastStep0 = firstUnprofitableStep(lastGain, delay);
      if (step >= lastStep0) {
        mode = Mode.RETAIN_FOREVER;
        return Action.RETAIN;
      }
      armedAt = step;
      mode = Mode.ARMED;
    }
    if (mode == Mode.ARMED && step < lastStep0 && p > threshold(step)) {
      return Action.TEST;
    }
    return Action.RETAIN;
  }

  /** A decision step without a test (e.g. spent collecting a new base): only the step count advances. */
  public void skip() {
    step++;
  }

  /** ρ_n while armed (1 from n_0 on). */
  public double threshold(long n) {
    if (mode != Mode.ARMED) {
      return 1;
    }
    if (n >= lastStep0) {
      return 1;
    }
    if (Double.isInfinite(lastStep0)) {
      return rho;
    }
    return rho + (1 - rho) * (n - armedAt) / (lastStep0 - armedAt);
  }

  /** n_0 = M − ⌊D/Ĝ⌋ + 1; −∞ if Ĝ ≤ 0, +∞ if M is. */
  public double firstUnprofitableStep(double gain, double delay) {
    if (!(gain > 0)) {
      return Double.NEGATIVE_INFINITY;
    }
    if (Double.isInfinite(horizon)) {
      return Double.POSITIVE_INFINITY;
    }
    return horizon - Math.floor(delay / gain) + 1;
  }

  /** The test found the current partition as good as a new one: p := 0, thresholds discarded. */
  public void prematureTest() {
    p = 0;
    if (mode == Mode.ARMED) {
      mode = Mode.WAITING;
    }
  }

  /** A new partition was installed and a new base taken (§X): wait for the next change. */
  public void repartitioned() {
    p = 0;
    mode = Mode.WAITING;
  }

  public double probability() {
    return p;
  }

  public Mode mode() {
    return mode;
  }

  /** Decision steps seen so far. */
  public long step() {
    return step;
  }

  /** n_0 of the last arming (NaN before). */
  public double lastFirstUnprofitableStep() {
    return lastStep0;
  }

  /** Ĝ of the last estimate (NaN before). */
  public double lastGain() {
    return lastGain;
  }

  public double triggerThreshold() {
    return triggerThreshold;
  }

  /** Everything the heuristic has learned, for a checkpoint of its trigger. */
  public record State(double p, long step, Mode mode, long armedAt, double lastStep0, double lastGain) {
    public State {
      Checks.check(p >= 0 && p <= 1, "p", p, "must be a probability");
      Checks.check(step >= 0 && armedAt >= 0, "step, armedAt", step + ", " + armedAt, "must be >= 0");
      Checks.notNull("mode", mode);
    }
  }

  public State state() {
    return new State(p, step, mode, armedAt, lastStep0, lastGain);
  }

  /** Continues from {@code s}, as saved by {@link #state} of a heuristic with the same parameters. */
  public void restore(State s) {
    Checks.notNull("state", s);
    p = s.p();
    step = s.step();
    mode = s.mode();
    armedAt = s.armedAt();
    lastStep0 = s.lastStep0();
    lastGain = s.lastGain();
  }
}
