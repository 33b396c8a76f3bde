package org.amrbalance.triggers.detection;

import org.amrbalance.spi.internal.Checks;

/**
 * Seed 001 §4's model identification: do a base cluster B and a test cluster C of batch means come from one normal
 * distribution (2 parameters) or from two (4 parameters)? With maximum-likelihood variances the likelihood-ratio
 * statistic is Λ = (n_B + n_C)·ln σ̂_J² − n_B·ln σ̂_B² − n_C·ln σ̂_C², and AIC = −2l + 2P prefers two models iff
 * Λ &gt; 4 ({@link Form#STANDARD}, the spec §4 correction) or, as printed with the log-likelihood halved, iff Λ &gt; 8
 * ({@link Form#PRINTED}). "Sample variance" divides by n (maximum likelihood, consistent with AIC; spec §4, "choose
 * and document"). Variances are floored at (resolution·|x̄_J|)² so that exactly constant clusters (synthetic traces,
 * clock granularity) give a finite statistic; two identical constant clusters give Λ = 0.
 */
public final class AicChangeTest {
  /** Which of the two AIC forms of spec §4 decides. */
  public enum Form {
    /** AIC_J = 2c·ln σ̂_J² + 4, AIC_S = c·ln(σ̂_B² σ̂_C²) + 8: change iff Λ &gt; 4. */
    STANDARD(4),
    /** The paper's printed AIC_J = c·ln σ̂_J² + 4, AIC_S = (c/2)·ln(σ̂_B² σ̂_C²) + 8: change iff Λ &gt; 8. */
    PRINTED(8);

    private final double threshold;

    Form(double threshold) {
      this.threshold = threshold;
    }

    /** The value Λ must exceed for a change. */
    public double threshold() {
      return threshold;
    }
  }

  private final Form form;
  private final double resolution;

  private AicChangeTest(Form form, double resolution) {
    this.form = form;
    this.resolution = resolution;
  }

  public static AicChangeTest of(Form form, double resolution) {
    Checks.notNull("form", form);
    Checks.check(Double.isFinite(resolution) && resolution > 0, "resolution", resolution, "must be finite and > 0");
    return new AicChangeTest(form, resolution);
  }

  public static AicChangeTest standard() {
    return of(Form.STANDARD, 1e-9);
  }

  public Form form() {
    return form;
  }

  /** Λ, the likelihood-ratio statistic (≥ 0). */
  public double statistic(double[] base, double[] cluster) {
    Checks.check(base.length >= 2, "base.length", base.length, "needs at least 2 values");
    Checks.check(cluster.length >= 2, "cluster.length", cluster.length, "needs at least 2 values");
    int nb = base.length;
    int nc = cluster.length;
    double mb = mean(base);
    double mc = mean(cluster);
    double mj = (nb * mb + nc * mc) / (nb + nc);
    double vb = sumSq(base, mb) / nb;
    double vc = sumSq(cluster, mc) / nc;
    double vj = (sumSq(base, mj) + sumSq(cluster, mj)) / (nb + nc);
    double floor = Math.max(Double.MIN_NORMAL, Math.pow(resolution * Math.abs(mj), 2));
    vb = Math.max(vb, floor);
    vc = Math.max(vc, floor);
    vj = Math.max(vj, floor);
    return Math.max(0, (nb + nc) * Math.log(vj) - nb * Math.log(vb) - nc * Math.log(vc));
  }

  /** AIC_S &lt; AIC_J: the test signals a change. */
  public boolean signalsChange(double[] base, double[] cluster) {
    return statistic(base, cluster) > form.threshold();
  }

  private static double mean(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      Checks.check(Double.isFinite(x[i]), "x[" + i + "]", x[i], "must be finite");
      s += x[i];
    }
    return s / x.length;
  }

  private static double sumSq(double[] x, double m) {
    double s = 0;
    for (double v : x) {
      s += (v - m) * (v - m);
    }
    return s;
  }
}
