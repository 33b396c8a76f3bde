package org.amrbalance.service;

import javax.annotation.concurrent.Immutable;

/**
 * Options of the {@link BalancingService}. The two-stage decision (off by default) adopts a remap the trigger
 * asked for only if the predicted gain over {@code horizon} further steps pays for the expected remap cost.
 * {@link BadStepTimes} says whether a step with NaN, negative, infinite or missing times is rejected (the
 * default) or skipped.
 */
@Immutable
public final class ServiceOptions {
  private static final ServiceOptions DEFAULTS = new ServiceOptions(false, 20, true, BadStepTimes.REJECT);

  private final boolean twoStage;
  private final int horizon;
  private final boolean log;
  private final BadStepTimes badStepTimes;

  private ServiceOptions(boolean twoStage, int horizon, boolean log, BadStepTimes badStepTimes) {
    this.twoStage = twoStage;
    this.horizon = horizon;
    this.log = log;
    this.badStepTimes = badStepTimes;
  }

  /** Two-stage off, horizon 20 steps, one log line per remap, bad step times rejected. */
  public static ServiceOptions defaults() {
    return DEFAULTS;
  }

  public ServiceOptions withTwoStage(boolean on) {
    return new ServiceOptions(on, horizon, log, badStepTimes);
  }

  /** Steps over which a remap's predicted gain is summed in the two-stage decision; at least 1. */
  public ServiceOptions withHorizon(int steps) {
    if (steps < 1) {
      throw new IllegalArgumentException("horizon = " + steps + ": must be in [1, " + Integer.MAX_VALUE + "]");
    }
    return new ServiceOptions(twoStage, steps, log, badStepTimes);
  }

  /** Whether the service logs one line per remap through {@link System.Logger}. */
  public ServiceOptions withLog(boolean on) {
    return new ServiceOptions(twoStage, horizon, on, badStepTimes);
  }

  /** What {@link BalancingService#stepped} does with NaN, negative, infinite or missing step times. */
  public ServiceOptions withBadStepTimes(BadStepTimes mode) {
    if (mode == null) {
      throw new IllegalArgumentException("badStepTimes = null: must be REJECT or SKIP");
    }
    return new ServiceOptions(twoStage, horizon, log, mode);
  }

  public boolean twoStage() {
    return twoStage;
  }

  public int horizon() {
    return horizon;
  }

  public boolean log() {
    return log;
  }

  public BadStepTimes badStepTimes() {
    return badStepTimes;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ServiceOptions s && s.twoStage == twoStage && s.horizon == horizon && s.log == log
        && s.badStepTimes == badStepTimes;
  }

  @Override
  public int hashCode() {
    return (twoStage ? 1 : 0) + 31 * horizon + (log ? 7 : 0) + 961 * badStepTimes.ordinal();
  }

  @Override
  public String toString() {
    return "ServiceOptions[twoStage=" + twoStage + ", horizon=" + horizon + ", log=" + log + ", badStepTimes="
        + badStepTimes + "]";
  }
}
