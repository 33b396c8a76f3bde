package org.amrbalance.spi;

import java.util.Map;
import org.amrbalance.spi.internal.Checks;

/**
 * A remap trigger: told each synchronized step's times, it answers remap or keep; told when a remap
 * happened and what it cost. A policy is a deterministic function of what it was told, so every rank,
 * fed the same gathered times, reaches the same decision without further communication. Policies are
 * stateful and not thread-safe: one instance per run.
 */
public interface RemapPolicy {
  /** Called once per synchronized step, after the step. */
  RemapDecision onStep(StepTimes times);

  /** A remap took place and cost {@code measuredCost} (balancing plus migration, max over ranks). */
  void onRemap(double measuredCost);

  /**
   * A remap took place that another trigger combined with this one ({@link CompositePolicy}) asked for, this one
   * not. By default the same as {@link #onRemap}; a trigger that watches for a regime across the other's remaps
   * (change detection beside Stop-At-Rise, which remaps every few steps) keeps what it measured so far.
   */
  default void onRemapAskedByAnother(double measuredCost) {
    onRemap(measuredCost);
  }

  /** A remap this policy asked for did not happen (it failed, or a second stage vetoed it). */
  default void onRemapSkipped() {}

  /**
   * The host regridded: new patches exist and must be placed anyway. The answer says whether the whole
   * hierarchy should be rebalanced now (rather than only the new patches placed).
   */
  default RemapDecision onRegrid() {
    return RemapDecision.keep("regrid");
  }

  /**
   * What this policy has learned about the problem, rather than about this run's place in it, as options of its
   * configuration (name to value, without the {@code amrbalance.<trigger>.} prefix): a fresh policy of the same kind
   * configured with them starts a later run of the same problem where this one left off instead of learning it
   * again. Empty by default (nothing worth carrying).
   */
  default Map<String, String> learnedOptions() {
    return Map.of();
  }

  /**
   * What this policy has learned from the calls so far, for a checkpoint: a fresh policy of the same kind and
   * options given these bytes through {@link #restoreState} answers every later call exactly as this one would.
   * The format is the policy's own. Stateless policies keep the default, an empty state.
   */
  default byte[] saveState() {
    return new byte[0];
  }

  /**
   * Takes over the state {@link #saveState} wrote in a policy of the same kind and options (a restart), replacing
   * whatever this policy had learned.
   *
   * @throws IllegalArgumentException if the bytes are not such a state; the policy is then unchanged
   */
  default void restoreState(byte[] state) {
    Checks.notNull("state", state);
    if (state.length != 0) {
      throw new IllegalArgumentException("state = " + state.length + " bytes: "
          + getClass().getSimpleName() + " keeps no state");
    }
  }
}
