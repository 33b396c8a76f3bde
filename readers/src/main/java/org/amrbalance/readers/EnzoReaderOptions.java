package org.amrbalance.readers;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * How the Enzo reader estimates a grid's work: {@code cellWeight x active cells + particleWeight x
 * NumberOfParticles}. The default counts cells only; {@link #particles()} counts particles only (an N-body
 * dominated run); both weights give cells plus weighted particles.
 *
 * @param cellWeight work per active cell, finite and >= 0
 * @param particleWeight work per particle, finite and >= 0; not 0 if {@code cellWeight} is (no grid would have work)
 */
@Immutable
public record EnzoReaderOptions(double cellWeight, double particleWeight) {
  private static final EnzoReaderOptions DEFAULTS = new EnzoReaderOptions(1, 0);
  private static final String WEIGHT_RANGE = "must be finite and in [0, inf)";

  public EnzoReaderOptions {
    Checks.check(Double.isFinite(cellWeight) && cellWeight >= 0, "cellWeight", cellWeight, WEIGHT_RANGE);
    Checks.check(Double.isFinite(particleWeight) && particleWeight >= 0, "particleWeight", particleWeight,
        WEIGHT_RANGE);
    if (cellWeight == 0 && particleWeight == 0) {
      throw Checks.bad("cellWeight = " + cellWeight + " and particleWeight", particleWeight,
          "cannot both be 0 (no grid would have work)");
    }
  }

  /** Work = active cells. */
  public static EnzoReaderOptions defaults() {
    return DEFAULTS;
  }

  /** Work = NumberOfParticles. */
  public static EnzoReaderOptions particles() {
    return new EnzoReaderOptions(0, 1);
  }

  /** @param weight work per active cell, finite and >= 0 */
  public EnzoReaderOptions withCellWeight(double weight) {
    return new EnzoReaderOptions(weight, particleWeight);
  }

  /** @param weight work per particle, finite and >= 0 */
  public EnzoReaderOptions withParticleWeight(double weight) {
    return new EnzoReaderOptions(cellWeight, weight);
  }

  /** The work of a grid with {@code cells} active cells and {@code particles} particles. */
  public double work(long cells, long particles) {
    return cellWeight * cells + particleWeight * particles;
  }
}
