package org.amrbalance.mesh.laplace;

import org.amrbalance.spi.internal.Checks;

/**
 * Settings of the Laplace solver: the flagging threshold of the curvature estimator, the residual tolerance
 * of a level solve (largest Gauss–Seidel correction, in units of the solution), the sweep limit of one level
 * solve, the V-cycles after the level-by-level build (at most {@code maxCycles}, until the first-sweep
 * correction is below {@code cycleTolerance}), and for the moving variant the fixed sweeps per level and
 * V-cycle leg per outer step and the regrid interval R.
 *
 * @param flagThreshold the flagging threshold of the curvature estimator, finite and &gt; 0
 * @param tolerance the largest Gauss–Seidel correction that ends a level solve, finite and &gt; 0
 * @param maxSweeps the sweep limit of one level solve, ≥ 1
 * @param maxCycles the most V-cycles after the level-by-level build, ≥ 0
 * @param cycleTolerance the first-sweep correction that ends the V-cycles, finite and &gt; 0
 * @param sweepsPerStep the moving variant's sweeps per level and V-cycle leg per outer step, ≥ 1
 * @param regridInterval the moving variant's regrid interval R, in steps, ≥ 1
 */
public record LaplaceOptions(double flagThreshold, double tolerance, int maxSweeps, int maxCycles,
    double cycleTolerance, int sweepsPerStep, int regridInterval) {
  public LaplaceOptions {
    Checks.finitePositive("flagThreshold", flagThreshold);
    Checks.finitePositive("tolerance", tolerance);
    Checks.atLeast("maxSweeps", maxSweeps, 1);
    Checks.nonNegative("maxCycles", maxCycles);
    Checks.finitePositive("cycleTolerance", cycleTolerance);
    Checks.atLeast("sweepsPerStep", sweepsPerStep, 1);
    Checks.atLeast("regridInterval", regridInterval, 1);
  }

  /**
   * Threshold 0.002, tolerance 1e-9, at most 20000 sweeps per solve, at most 200 composite cycles down to a
   * first-sweep correction of 1e-7, 30 sweeps per level and leg per step, R = 4.
   */
  public static LaplaceOptions defaults() {
    return new LaplaceOptions(0.002, 1e-9, 20000, 200, 1e-7, 30, 4);
  }

  public LaplaceOptions withFlagThreshold(double t) {
    return new LaplaceOptions(t, tolerance, maxSweeps, maxCycles, cycleTolerance, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withTolerance(double t) {
    return new LaplaceOptions(flagThreshold, t, maxSweeps, maxCycles, cycleTolerance, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withMaxSweeps(int n) {
    return new LaplaceOptions(flagThreshold, tolerance, n, maxCycles, cycleTolerance, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withMaxCycles(int n) {
    return new LaplaceOptions(flagThreshold, tolerance, maxSweeps, n, cycleTolerance, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withCycleTolerance(double t) {
    return new LaplaceOptions(flagThreshold, tolerance, maxSweeps, maxCycles, t, sweepsPerStep, regridInterval);
  }

  public LaplaceOptions withSweepsPerStep(int n) {
    return new LaplaceOptions(flagThreshold, tolerance, maxSweeps, maxCycles, cycleTolerance, n, regridInterval);
  }

  public LaplaceOptions withRegridInterval(int r) {
    return new LaplaceOptions(flagThreshold, tolerance, maxSweeps, maxCycles, cycleTolerance, sweepsPerStep, r);
  }
}
