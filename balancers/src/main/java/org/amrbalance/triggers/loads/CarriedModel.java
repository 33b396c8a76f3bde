package org.amrbalance.triggers.loads;

import java.util.Locale;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;

/**
 * A load model learned by an earlier run of the same problem, carried into the next one: the four variances of
 * {@link LoadModel} and the steps they were learned from. Its text form, {@code residue,slope,wander,noise,steps}, is
 * what the adaptive trigger's option {@code load-model} takes and what
 * {@link org.amrbalance.spi.RemapPolicy#learnedOptions()} writes at the end of a run.
 *
 * <p>Why: under heavy timing noise a run's first intervals say little about how fast its loads drift apart, and a
 * trigger that learns that from the run alone pays for it (docs/triggers.md, "Carrying the load model"); a solver
 * that runs the same problem again need not learn it again.
 *
 * @param residue variance of the deviation the balancer leaves
 * @param slope variance of the per-step drift drawn at each remap
 * @param wander variance of the deviation's own step-to-step change
 * @param noise variance of the measurement noise of one step
 * @param steps the steps the model was learned from, at least 1 (how much this run's own fits weigh against it)
 */
@Immutable
public record CarriedModel(double residue, double slope, double wander, double noise, long steps) {
  private static final String FORM = "five numbers residue,slope,wander,noise,steps";

  public CarriedModel {
    Checks.finiteNonNegative("residue", residue);
    Checks.finiteNonNegative("slope", slope);
    Checks.finiteNonNegative("wander", wander);
    Checks.finiteNonNegative("noise", noise);
    Checks.check(steps >= 1, "steps", steps, "must be >= 1");
  }

  static CarriedModel of(LoadModel model, long steps) {
    return new CarriedModel(model.residue(), model.slope(), model.wander(), model.noise(), steps);
  }

  /**
   * The model written as {@link #text()}; an {@link IllegalArgumentException} naming the part that is wrong otherwise
   * (e.g. {@code wander = -1.0: must be finite and >= 0}, or how many numbers were found).
   */
  public static CarriedModel parse(String text) {
    Checks.notNull("load model", text);
    String[] parts = text.trim().split("\\s*,\\s*", -1);
    if (parts.length != 5) {
      // No field name: the option that reads it names itself and the text.
      throw new IllegalArgumentException("must be " + FORM + ", found " + parts.length);
    }
    String[] names = {"residue", "slope", "wander", "noise", "steps"};
    double[] v = new double[4];
    for (int i = 0; i < 4; i++) {
      v[i] = number(names[i], parts[i]);
    }
    long steps;
    try {
      steps = Long.parseLong(parts[4]);
    } catch (NumberFormatException e) {
      throw Checks.bad("steps", parts[4], "must be a whole number >= 1");
    }
    return new CarriedModel(v[0], v[1], v[2], v[3], steps);
  }

  private static double number(String name, String raw) {
    try {
      return Double.parseDouble(raw);
    } catch (NumberFormatException e) {
      throw Checks.bad(name, raw, "must be a number");
    }
  }

  /** {@code residue,slope,wander,noise,steps}, each variance exactly (its shortest round-trip decimal). */
  public String text() {
    return String.format(Locale.ROOT, "%s,%s,%s,%s,%d", residue, slope, wander, noise, steps);
  }

  LoadModel model() {
    return new LoadModel(residue, slope, wander, noise);
  }
}
