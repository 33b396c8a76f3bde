package org.amrbalance.service;

import org.amrbalance.service.ServiceOptions.BadStepTimes;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.StepTimes;

/** Events of a {@link BalancingService}; every method has an empty default. Called on the host's thread. */
public interface BalancingListener {
  /** Step {@code step}'s times were good and were counted (before the trigger is asked). */
  default void onStep(long step, StepTimes times) {}

  /** The trigger answered after a step or a regrid. */
  default void onDecision(long step, RemapDecision decision) {}

  /** A remap was carried out; its measured gain is not known yet. */
  default void onRemap(RemapEvent event) {}

  /** The step after a remap completed: the event now carries the measured gain. */
  default void onRemapMeasured(RemapEvent event) {}

  /** The trigger asked for a remap that did not happen, and why. */
  default void onRemapSkipped(long step, String why) {}

  /**
   * Step {@code step}'s times were bad (NaN, negative, infinite or a missing rank) and, under
   * {@link BadStepTimes#SKIP}, left out: the trigger was not asked. {@code why} names the rank(s) and value(s).
   */
  default void onStepSkipped(long step, String why) {}
}
