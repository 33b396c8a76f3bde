package org.amrbalance.mesh.laplace;

/**
 * The moving variant: a {@link HotSpot} that travels along the bottom edge from {@code from} to {@code to}
 * and back, one leg every {@code legSteps} outer steps, so the refined region (and the workload) drifts.
 */
public final class MovingHotSpot {
  private final double from;
  private final double to;
  private final int legSteps;
  private final double delta;

  private MovingHotSpot(double from, double to, int legSteps, double delta) {
    this.from = from;
    this.to = to;
    this.legSteps = legSteps;
    this.delta = delta;
  }

  public static MovingHotSpot of(double from, double to, int legSteps, double delta) {
    if (!Double.isFinite(from) || !Double.isFinite(to)) {
      throw new IllegalArgumentException("from, to = " + from + ", " + to + ": must be finite");
    }
    if (legSteps < 1) {
      throw new IllegalArgumentException("legSteps = " + legSteps + ": must be >= 1");
    }
    HotSpot.of(from, delta);
    return new MovingHotSpot(from, to, legSteps, delta);
  }

  /** The hot spot after {@code step} outer steps. */
  public HotSpot at(int step) {
    if (step < 0) {
      throw new IllegalArgumentException("step = " + step + ": must be >= 0");
    }
    int phase = step % (2 * legSteps);
    double t = phase <= legSteps ? (double) phase / legSteps : (double) (2 * legSteps - phase) / legSteps;
    return HotSpot.of(from + (to - from) * t, delta);
  }

  /** The path in words; part of a checkpoint's fingerprint, so it must change when the path does. */
  @Override
  public String toString() {
    return "moving hot spot from " + from + " to " + to + " in " + legSteps + " steps, width " + delta;
  }
}
