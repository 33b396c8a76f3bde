package org.amrbalance.mesh.laplace;

/**
 * A hot spot on the bottom edge {@code y = 0}: {@code u = δ (y + δ) / ((x - x0)^2 + (y + δ)^2)}, the field of a
 * source at {@code (x0, -δ)} just outside the domain (minus the imaginary part of {@code δ / (z - x0 + iδ)},
 * hence harmonic). It peaks at 1 at {@code (x0, 0)}, falls to half within about δ along the edge and decays
 * like {@code δ / r}: a sharp localized feature, so refinement stays local.
 */
public final class HotSpot implements HarmonicFunction {
  private final double x0;
  private final double delta;

  private HotSpot(double x0, double delta) {
    this.x0 = x0;
    this.delta = delta;
  }

  /** A hot spot centred at {@code x0} on the bottom edge, of width {@code delta > 0}. */
  public static HotSpot of(double x0, double delta) {
    if (!Double.isFinite(x0)) {
      throw new IllegalArgumentException("x0 = " + x0 + ": must be finite");
    }
    if (!(delta > 0) || !Double.isFinite(delta)) {
      throw new IllegalArgumentException("delta = " + delta + ": must be finite and > 0");
    }
    return new HotSpot(x0, delta);
  }

  public double x0() {
    return x0;
  }

  public double delta() {
    return delta;
  }

  @Override
  public double value(double x, double y) {
    double dx = x - x0;
    double dy = y + delta;
    return delta * dy / (dx * dx + dy * dy);
  }

  @Override
  public String toString() {
    return "HotSpot[x0=" + x0 + ", delta=" + delta + "]";
  }
}
