/**
 * What the adaptive trigger knows about each rank's load between two remaps, estimated from the step times alone.
 *
 * <p>Each rank's share of the step, y_i = T_i/T̄ − 1, is its load deviation plus measurement noise. After a remap the
 * deviations start near zero and grow: {@link org.amrbalance.triggers.loads.LoadModel} says how fast (a level that
 * wanders, a slope drawn at the remap, the residue the balancer leaves, and the noise), {@link
 * org.amrbalance.triggers.loads.LoadModelFit} fits it by maximum likelihood to the recent history pooled over ranks
 * and intervals, {@link org.amrbalance.triggers.loads.RankFilter} tracks each rank's deviation through the interval
 * (a Kalman filter started where the balancer left the rank), {@link org.amrbalance.triggers.loads.RankDrift} learns
 * which ranks drift the same way after every remap, and {@link org.amrbalance.triggers.loads.ExpectedIdle} turns the
 * posterior into the idle a remap would remove in expectation. {@code RankLoadEstimator}
 * puts them together for a trigger.
 */
@javax.annotation.ParametersAreNonnullByDefault
package org.amrbalance.triggers.loads;
