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
public record LoadModel(double residue, double slope, double wander, double noise) {
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

  /** The prior variance of a rank's load deviation k steps after a remap. */
  public double spreadAt(int k) {
    return residue + slope * k * (double) k + wander * k;
  }
}
