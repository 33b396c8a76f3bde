package org.amrbalance.readers;

import javax.annotation.concurrent.Immutable;

/**
 * How the Enzo reader estimates a grid's work: {@code cellWeight x active cells + particleWeight x
 * NumberOfParticles}. The default counts cells only; {@link #particles()} counts particles only (an N-body
 * dominated run); both weights give cells plus weighted particles.
 */
@Immutable
public final class EnzoReaderOptions {
  private static final EnzoReaderOptions DEFAULTS = new EnzoReaderOptions(1, 0);

  private final double cellWeight;
  private final double particleWeight;

  private EnzoReaderOptions(double cellWeight, double particleWeight) {
    this.cellWeight = cellWeight;
    this.particleWeight = particleWeight;
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
    checkWeight("cellWeight", weight, particleWeight);
    return new EnzoReaderOptions(weight, particleWeight);
  }

  /** @param weight work per particle, finite and >= 0 */
  public EnzoReaderOptions withParticleWeight(double weight) {
    checkWeight("particleWeight", weight, cellWeight);
    return new EnzoReaderOptions(cellWeight, weight);
  }

  public double cellWeight() {
    return cellWeight;
  }

  public double particleWeight() {
    return particleWeight;
  }

  /** The work of a grid with {@code cells} active cells and {@code particles} particles. */
  public double work(long cells, long particles) {
    return cellWeight * cells + particleWeight * particles;
  }

  private static void checkWeight(String name, double weight, double other) {
    if (!(Double.isFinite(weight) && weight >= 0)) {
      throw new IllegalArgumentException(name + " = " + weight + ": must be finite and in [0, inf)");
    }
    if (weight == 0 && other == 0) {
      throw new IllegalArgumentException(name + " = " + weight
          + ": cellWeight and particleWeight cannot both be 0 (no grid would have work)");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EnzoReaderOptions e && Double.compare(e.cellWeight, cellWeight) == 0
        && Double.compare(e.particleWeight, particleWeight) == 0;
  }

  @Override
  public int hashCode() {
    return Double.hashCode(cellWeight) * 31 + Double.hashCode(particleWeight);
  }

  @Override
  public String toString() {
    return "EnzoReaderOptions[cellWeight=" + cellWeight + ", particleWeight=" + particleWeight + "]";
  }
}
