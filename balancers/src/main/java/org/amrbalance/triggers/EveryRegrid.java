package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/** Rebalances the whole hierarchy at every regrid and never between regrids: what most AMR codes do today. */
final class EveryRegrid implements RemapPolicy {
  /** The configuration name. */
  public static final String NAME = "every-regrid";
  private final RankCount ranks = new RankCount();

  @Override
  public RemapDecision onStep(StepTimes times) {
    ranks.check(times);
    return RemapDecision.keep("waits for the next regrid");
  }

  @Override
  public void onRemap(double measuredCost) {
    Checks.finiteNonNegative("measuredCost", measuredCost);
    ranks.remapped();
  }

  @Override
  public byte[] saveState() {
    return ranks.saveAlone(NAME);
  }

  @Override
  public void restoreState(byte[] state) {
    ranks.restoreAlone(NAME, state);
  }

  @Override
  public RemapDecision onRegrid() {
    return RemapDecision.remap("regrid");
  }
}
