package org.amrbalance.experiments.models;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/** A test policy that remaps after the given steps (counted from 0) and records every step's times. */
final class Scripted implements RemapPolicy {
  private final Set<Integer> remapAfter;
  final List<double[]> times = new ArrayList<>();

  Scripted(Set<Integer> remapAfter) {
    this.remapAfter = remapAfter;
  }

  static Scripted never() {
    return new Scripted(Set.of());
  }

  @Override
  public RemapDecision onStep(StepTimes t) {
    times.add(t.toArray());
    return remapAfter.contains(times.size() - 1) ? RemapDecision.remap("scripted") : RemapDecision.keep();
  }

  @Override
  public void onRemap(double measuredCost) {}
}
