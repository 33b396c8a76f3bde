package org.amrbalance.spi;

import java.util.Objects;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/** A trigger's answer: remap or keep, why, and the gain it expects from remapping (NaN when it has no estimate). */
@Immutable
public final class RemapDecision {
  private static final RemapDecision KEEP = new RemapDecision(false, "keep", Double.NaN);

  private final boolean remap;
  private final String reason;
  private final double predictedGain;

  private RemapDecision(boolean remap, String reason, double predictedGain) {
    this.remap = remap;
    this.reason = reason;
    this.predictedGain = predictedGain;
  }

  public static RemapDecision keep() {
    return KEEP;
  }

  public static RemapDecision keep(String reason) {
    return new RemapDecision(false, Checks.notNull("reason", reason), Double.NaN);
  }

  public static RemapDecision remap(String reason) {
    return new RemapDecision(true, Checks.notNull("reason", reason), Double.NaN);
  }

  /** A remap expected to save {@code predictedGain} (time units of the step times) over the steps ahead. */
  public static RemapDecision remap(String reason, double predictedGain) {
    if (Double.isInfinite(predictedGain)) {
      throw Checks.bad("predictedGain", predictedGain, "must be finite or NaN");
    }
    return new RemapDecision(true, Checks.notNull("reason", reason), predictedGain);
  }

  public boolean shouldRemap() {
    return remap;
  }

  public String reason() {
    return reason;
  }

  public double predictedGain() {
    return predictedGain;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RemapDecision d && d.remap == remap && d.reason.equals(reason)
        && Double.compare(d.predictedGain, predictedGain) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(remap, reason, predictedGain);
  }

  @Override
  public String toString() {
    return (remap ? "remap" : "keep") + " (" + reason + (Double.isNaN(predictedGain) ? "" : ", gain " + predictedGain)
        + ")";
  }
}
