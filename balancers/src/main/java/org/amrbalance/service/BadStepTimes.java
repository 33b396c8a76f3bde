package org.amrbalance.service;

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
