package org.amrbalance.mesh.laplace;

/**
 * Settings of the Laplace solver: the flagging threshold of the curvature estimator, the residual tolerance
 * of a level solve (largest Gauss–Seidel correction, in units of the solution), the sweep limit of one level
 * solve, the V-cycles after the level-by-level build (at most {@code maxCycles}, until the first-sweep
 * correction is below {@code cycleTolerance}), and for the moving variant the fixed sweeps per level and
 * V-cycle leg per outer step and the regrid interval R.
 */
public final class LaplaceOptions {
  private final double flagThreshold;
  private final double tolerance;
  private final int maxSweeps;
  private final int maxCycles;
  private final double cycleTolerance;
  private final int sweepsPerStep;
  private final int regridInterval;

  private LaplaceOptions(double flagThreshold, double tolerance, int maxSweeps, int maxCycles, double cycleTolerance,
      int sweepsPerStep, int regridInterval) {
    this.flagThreshold = flagThreshold;
    this.tolerance = tolerance;
    this.maxSweeps = maxSweeps;
    this.maxCycles = maxCycles;
    this.cycleTolerance = cycleTolerance;
    this.sweepsPerStep = sweepsPerStep;
    this.regridInterval = regridInterval;
  }

  /**
   * Threshold 0.002, tolerance 1e-9, at most 20000 sweeps per solve, at most 200 composite cycles down to a
   * first-sweep correction of 1e-7, 30 sweeps per level and leg per step, R = 4.
   */
  public static LaplaceOptions defaults() {
    return new LaplaceOptions(0.002, 1e-9, 20000, 200, 1e-7, 30, 4);
  }

  private static LaplaceOptions checked(double flagThreshold, double tolerance, int maxSweeps, int maxCycles,
      double cycleTolerance, int sweepsPerStep, int regridInterval) {
    if (!(flagThreshold > 0) || !Double.isFinite(flagThreshold)) {
      throw new IllegalArgumentException("flagThreshold = " + flagThreshold + ": must be finite and > 0");
    }
    if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
      throw new IllegalArgumentException("tolerance = " + tolerance + ": must be finite and > 0");
    }
    if (maxSweeps < 1) {
      throw new IllegalArgumentException("maxSweeps = " + maxSweeps + ": must be >= 1");
    }
    if (maxCycles < 0) {
      throw new IllegalArgumentException("maxCycles = " + maxCycles + ": must be >= 0");
    }
    if (!(cycleTolerance > 0) || !Double.isFinite(cycleTolerance)) {
      throw new IllegalArgumentException("cycleTolerance = " + cycleTolerance + ": must be finite and > 0");
    }
    if (sweepsPerStep < 1) {
      throw new IllegalArgumentException("sweepsPerStep = " + sweepsPerStep + ": must be >= 1");
    }
    if (regridInterval < 1) {
      throw new IllegalArgumentException("regridInterval = " + regridInterval + ": must be >= 1");
    }
    return new LaplaceOptions(flagThreshold, tolerance, maxSweeps, maxCycles, cycleTolerance, sweepsPerStep,
        regridInterval);
  }

  public LaplaceOptions withFlagThreshold(double t) {
    return checked(t, tolerance, maxSweeps, maxCycles, cycleTolerance, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withTolerance(double t) {
    return checked(flagThreshold, t, maxSweeps, maxCycles, cycleTolerance, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withMaxSweeps(int n) {
    return checked(flagThreshold, tolerance, n, maxCycles, cycleTolerance, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withMaxCycles(int n) {
    return checked(flagThreshold, tolerance, maxSweeps, n, cycleTolerance, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withCycleTolerance(double t) {
    return checked(flagThreshold, tolerance, maxSweeps, maxCycles, t, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withSweepsPerStep(int n) {
    return checked(flagThreshold, tolerance, maxSweeps, maxCycles, cycleTolerance, n, regridInterval);
  }

  public LaplaceOptions withRegridInterval(int r) {
    return checked(flagThreshold, tolerance, maxSweeps, maxCycles, cycleTolerance, sweepsPerStep, r);
  }

  public double flagThreshold() {
    return flagThreshold;
  }

  public double tolerance() {
    return tolerance;
  }

  public int maxSweeps() {
    return maxSweeps;
  }

  public int maxCycles() {
    return maxCycles;
  }

  public double cycleTolerance() {
    return cycleTolerance;
  }

  public int sweepsPerStep() {
    return sweepsPerStep;
  }

  public int regridInterval() {
    return regridInterval;
  }

  @Override
  public String toString() {
    return "LaplaceOptions[threshold=" + flagThreshold + ", tol=" + tolerance + ", maxSweeps=" + maxSweeps
        + ", cycles=" + maxCycles + " to " + cycleTolerance + ", sweeps/step=" + sweepsPerStep + ", R="
        + regridInterval + "]";
  }
}
