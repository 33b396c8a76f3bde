package org.amrbalance.service;

import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.MigrationPlan;

/**
 * One remap as the service saw it.
 *
 * @param step the step after which it happened (0 for a regrid before the first step)
 * @param cause what asked for it: the first placement, a regrid or a step
 * @param reason why the trigger (or the regrid) asked for it
 * @param predictedGain the gain the trigger or the two-stage decision expected, NaN if none
 * @param measuredGain T_max of the step before the remap minus T_max of the step after it; NaN until measured
 * @param cost balancing plus migration time, as fed back to the trigger
 * @param before the report of the assignment that was replaced (null on the first placement)
 * @param after the report of the new assignment
 * @param plan what moved: the one plan of the remap, measured by {@code after} and executed by the host
 */
public record RemapEvent(long step, Cause cause, String reason, double predictedGain, double measuredGain, double cost,
    @javax.annotation.Nullable BalanceReport before, BalanceReport after, MigrationPlan plan) {
  /** What the remap answered. */
  public enum Cause {
    /** The host's first hierarchy: the balancer places it. */
    FIRST_PLACEMENT,
    /** The host regridded and the trigger asked for a remap of the new hierarchy. */
    REGRID,
    /** A step's times made the trigger ask for a remap. */
    STEP
  }

  RemapEvent withMeasuredGain(double gain) {
    return new RemapEvent(step, cause, reason, predictedGain, gain, cost, before, after, plan);
  }

  /** max/avg of the replaced assignment, NaN on the first placement. */
  public double imbalanceBefore() {
    return before == null ? Double.NaN : before.imbalance();
  }

  public double imbalanceAfter() {
    return after.imbalance();
  }

  /**
   * Level-synchronous efficiency of the replaced assignment (NaN on the first placement): what matters to a
   * solver that waits for the slowest rank on every level, and what level-by-level balancers improve even where
   * the max/avg over all levels grows.
   */
  public double levelEfficiencyBefore() {
    return before == null ? Double.NaN : before.levelSynchronousEfficiency();
  }

  public double levelEfficiencyAfter() {
    return after.levelSynchronousEfficiency();
  }
}
