package org.amrbalance.service;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/**
 * Options of the {@link BalancingService}. The two-stage decision (off by default) adopts a remap the trigger
 * asked for only if the predicted gain over {@code horizon} further steps pays for the expected remap cost.
 * {@link BadStepTimes} says whether a step with NaN, negative, infinite or missing times is rejected (the
 * default) or skipped.
 *
 * @param twoStage whether a remap the trigger asked for must also pay for itself over {@code horizon} steps
 * @param horizon steps over which a remap's predicted gain is summed in the two-stage decision, in [1, 2^31 − 1]
 * @param log whether the service logs one line per remap through {@link System.Logger}
 * @param badStepTimes what {@link BalancingService#stepped} does with NaN, negative, infinite or missing step times
 *     (not null)
 */
@Immutable
public record ServiceOptions(boolean twoStage, int horizon, boolean log, BadStepTimes badStepTimes) {
  private static final ServiceOptions DEFAULTS = new ServiceOptions(false, 20, true, BadStepTimes.REJECT);

  public ServiceOptions {
    Checks.check(horizon >= 1, "horizon", horizon, "must be in [1, " + Integer.MAX_VALUE + "]");
    Checks.check(badStepTimes != null, "badStepTimes", null, "must be REJECT or SKIP");
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
    return new ServiceOptions(twoStage, steps, log, badStepTimes);
  }

  /** Whether the service logs one line per remap through {@link System.Logger}. */
  public ServiceOptions withLog(boolean on) {
    return new ServiceOptions(twoStage, horizon, on, badStepTimes);
  }

  /** What {@link BalancingService#stepped} does with NaN, negative, infinite or missing step times. */
  public ServiceOptions withBadStepTimes(BadStepTimes mode) {
    return new ServiceOptions(twoStage, horizon, log, mode);
  }
}
