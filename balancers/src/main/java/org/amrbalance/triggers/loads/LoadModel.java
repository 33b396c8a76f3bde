package org.amrbalance.triggers.loads;

import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * How a rank's load deviation y (its share of the step minus 1) evolves between two remaps, k steps after the last:
 * y(k) = ℓ(k) + ε, ℓ(k) = ℓ(k − 1) + b + η, with ℓ(0) ~ N(0, residue) (what the balancer leaves), the slope b ~ N(0,
 * slope) drawn at the remap, η ~ N(0, wander) each step and the measurement noise ε ~ N(0, noise). All four are
 * variances in squared shares, finite and ≥ 0. The prior spread of ℓ(k) is residue + slope·k² + wander·k.
 *
 * @param residue variance of the deviation the balancer leaves
 * @param slope variance of the per-step drift drawn at each remap
 * @param wander variance of the deviation's own step-to-step change
 * @param noise variance of the measurement noise of one step
 */
@Immutable
record LoadModel(double residue, double slope, double wander, double noise) {
  public LoadModel {
    Checks.finiteNonNegative("residue", residue);
    Checks.finiteNonNegative("slope", slope);
    Checks.finiteNonNegative("wander", wander);
    Checks.finiteNonNegative("noise", noise);
  }

  /** The model from the array (residue, slope, wander, noise). */
  static LoadModel of(double[] theta) {
    return new LoadModel(theta[0], theta[1], theta[2], theta[3]);
  }

  double[] toArray() {
    return new double[] {residue, slope, wander, noise};
  }

  /**
   * This model moved the share {@code w} of the way to {@code fit}, variances below 1e-12 of the largest set to 0:
   * averaged towards fits of exactly 0 they would shrink at every refit into subnormal numbers, whose arithmetic is
   * a hundred times slower (a 30-fold slowdown of a long run without noise), while so small a variance changes
   * nothing the filter computes.
   */
  LoadModel movedTowards(LoadModel fit, double w) {
    return of(flushTiny(new double[] {residue + w * (fit.residue - residue), slope + w * (fit.slope - slope),
        wander + w * (fit.wander - wander), noise + w * (fit.noise - noise)}));
  }

  /** Sets the entries below 1e-12 of the largest to 0, in place; returns the array. */
  static double[] flushTiny(double[] theta) {
    double largest = 0;
    for (double v : theta) {
      largest = Math.max(largest, v);
    }
    for (int i = 0; i < theta.length; i++) {
      if (theta[i] < 1e-12 * largest) {
        theta[i] = 0;
      }
    }
    return theta;
  }

  /** The prior variance of a rank's load deviation k steps after a remap. */
  public double spreadAt(int k) {
    return residue + slope * k * (double) k + wander * k;
  }
}
