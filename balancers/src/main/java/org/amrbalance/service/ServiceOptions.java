package org.amrbalance.service;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Options of the {@link BalancingService}. The two-stage decision (off by default) adopts a remap the trigger
 * asked for only if the predicted gain over {@code horizon} further steps pays for the expected remap cost.
 * {@link BadStepTimes} says whether a step with NaN, negative, infinite or missing times is rejected (the
 * default) or skipped.
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record ServiceOptions(boolean twoStage, int horizon, boolean log, BadStepTimes badStepTimes) {
  /**
   * What the {@link BalancingService} (and a {@link StepTimeGate}) does with a step whose times are bad: a time
   * that is NaN, negative or infinite, or a rank missing (NaN, or an array of the wrong length). Configured as
   * {@code amrbalance.service.bad-step-times = reject | skip}.
   */
  public enum BadStepTimes {
    /** Throw an {@link IllegalArgumentException} naming the step, the rank(s) and the value(s); nothing changes. */
    REJECT,
    /** Leave the step out: the trigger never sees it, the answer is "keep", the step is counted as skipped. */
    SKIP
  }

  public static final Option<Boolean> TWO_STAGE = Option.flag("two-stage", false,
      "adopt a remap only if its predicted gain over the horizon pays its expected cost");
  public static final Option<Integer> HORIZON = Option.integer("horizon", 20, 1, Integer.MAX_VALUE,
      "steps over which the two-stage decision sums the gain");
  public static final Option<Boolean> LOG = Option.flag("log", true, "log one line per remap through System.Logger");
  public static final Option<BadStepTimes> BAD_STEP_TIMES = Option.choice("bad-step-times", BadStepTimes.REJECT,
      "reject (throw) or skip (leave out, answer keep, count) a step whose times are NaN, negative, infinite or"
          + " missing for a rank");
  private static final ServiceOptions DEFAULTS = new ServiceOptions(TWO_STAGE.defaultValue(), HORIZON.defaultValue(),
      LOG.defaultValue(), BAD_STEP_TIMES.defaultValue());

  public ServiceOptions {
    HORIZON.check(horizon);
    Checks.check(badStepTimes != null, "badStepTimes", null, "must be REJECT or SKIP");
  }

  /** Two-stage off, horizon 20 steps, one log line per remap, bad step times rejected. */
  public static ServiceOptions defaults() {
    return DEFAULTS;
  }

  public ServiceOptions withTwoStage(boolean on) {
    return new ServiceOptions(on, horizon, log, badStepTimes);
  }

  public ServiceOptions withHorizon(int steps) {
    return new ServiceOptions(twoStage, steps, log, badStepTimes);
  }

  public ServiceOptions withLog(boolean on) {
    return new ServiceOptions(twoStage, horizon, on, badStepTimes);
  }

  public ServiceOptions withBadStepTimes(BadStepTimes mode) {
    return new ServiceOptions(twoStage, horizon, log, mode);
  }
}
