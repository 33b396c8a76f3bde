package org.amrbalance.mesh.runtime;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/**
 * A trigger of one rank, told a remap cost that every rank agrees on. The service adds its own balancing time,
 * measured on this rank, to what {@link org.amrbalance.spi.AmrHost#migrate} returned; the ranks' sums differ in
 * the last digits, and a trigger told different costs could decide differently on different ranks. So the cost
 * is replaced by its maximum over the ranks (balancing plus migration, the slowest rank), which the trigger is
 * told on every rank. Every rank calls {@link #onRemap} at the same point (the decisions are the same), so the
 * reduction is a safe collective.
 */
final class AgreedCostPolicy implements RemapPolicy {
  private final RemapPolicy inner;
  private final Communicator comm;
  private final List<Double> costs = new ArrayList<>();
  private int skipped;

  AgreedCostPolicy(RemapPolicy inner, Communicator comm) {
    this.inner = inner;
    this.comm = comm;
  }

  @Override
  public RemapDecision onStep(StepTimes times) {
    return inner.onStep(times);
  }

  @Override
  public void onRemap(double measuredCost) {
    double agreed = comm.allReduceMax(measuredCost);
    costs.add(agreed);
    inner.onRemap(agreed);
  }

  @Override
  public void onRemapSkipped() {
    skipped++;
    inner.onRemapSkipped();
  }

  @Override
  public RemapDecision onRegrid() {
    return inner.onRegrid();
  }

  /** The trigger's state: the costs listed here are a record of the run, not something the trigger decides on. */
  @Override
  public byte[] saveState() {
    return inner.saveState();
  }

  @Override
  public void restoreState(byte[] state) {
    inner.restoreState(state);
  }

  /** How many times the trigger was told that a remap it asked for did not happen. */
  int skipped() {
    return skipped;
  }

  /** The agreed cost of every remap so far, in order. */
  List<Double> costs() {
    return List.copyOf(costs);
  }
}
