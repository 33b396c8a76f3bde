package org.amrbalance.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/** Fires at the listed step numbers (1-based) and records what it is told. */
class ScriptedPolicy implements RemapPolicy {
  final List<Double> costs = new ArrayList<>();
  final Set<Integer> fireAt;
  int skipped;
  int steps;
  boolean remapOnRegrid;

  ScriptedPolicy(Integer... fireAt) {
    this.fireAt = Set.of(fireAt);
  }

  @Override
  public RemapDecision onStep(StepTimes times) {
    steps++;
    return fireAt.contains(steps) ? RemapDecision.remap("scripted at step " + steps) : RemapDecision.keep();
  }

  @Override
  public void onRemap(double measuredCost) {
    costs.add(measuredCost);
  }

  @Override
  public void onRemapSkipped() {
    skipped++;
  }

  @Override
  public RemapDecision onRegrid() {
    return remapOnRegrid ? RemapDecision.remap("regrid") : RemapDecision.keep("regrid");
  }
}
