package org.amrbalance.triggers;

import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;

/** Never asks for a remap: new patches are placed at a regrid, the rest stays where it is (seed 000 §9). */
final class NeverRemap implements RemapPolicy {
  /** The configuration name. */
  public static final String NAME = "never";
  private final RankCount ranks = new RankCount();

  @Override
  public RemapDecision onStep(StepTimes times) {
    ranks.check(times);
    return RemapDecision.keep("never remaps");
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
}
