package org.amrbalance.triggers.loads;

import java.util.Optional;
import javax.annotation.Nullable;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.TriggerState;

/**
 * What the adaptive trigger needs of a load estimate: told every step, regrid and remap, it answers the idle a remap
 * would remove now, in shares of the mean step time, and that idle summed over the interval. Deterministic: the same
 * calls give the same answers on every rank.
 */
public interface IdleEstimator {
  /**
   * The per-rank estimate under a load model fitted to the run ({@link RankLoadEstimator}), started from
   * {@code carried}, a model an earlier run of the same problem learned (null: none).
   */
  static IdleEstimator perRank(@Nullable CarriedModel carried) {
    return new RankLoadEstimator(carried);
  }

  /** One step; {@code held}: the caller judged it a spike on one rank, to be taken as the step before it. */
  void admit(StepTimes times, boolean held);

  /** The host regridded: the next step's shares may jump. */
  void regridded();

  /** A remap: a new interval starts. */
  void remapped();

  /** Whether the estimate is ready to act on (a model has been fitted). */
  boolean ready();

  /** The expected idle a remap removes at this step, in shares of the mean step time (0 before {@link #ready()}). */
  double idle();

  /** The sum of {@link #idle()} over the interval's steps so far, this one included. */
  double idleSum();

  /** The load model learned so far, to start a later run of the same problem from; empty if there is none. */
  default Optional<CarriedModel> learned() {
    return Optional.empty();
  }

  /** Writes the whole state. */
  void write(TriggerState.Writer out);

  /** Reads what {@link #write} wrote; returns the action that applies it once the whole state has been read. */
  Runnable read(TriggerState.Reader in);
}
