package org.amrbalance.experiments.models;

import java.util.OptionalInt;
import org.amrbalance.spi.internal.Checks;

/**
 * The exact expected loss of MUM after a remap (seed 000 §5, spec §10.6): with every chain started in K and
 * P_j(s; m) the CDF of chain j after m steps,
 * E_m = Σ_{s=1..L} [ (1/N) Σ_j P_j(s−1; m) − Π_j P_j(s−1; m) ] (eq. 5 with the §10.6 correction of the state sum),
 * E[W(n)] = (Σ_{m≤n} E_m + C)/n (eq. 4), κ(n) = n·E_{n+1} − Σ_{i≤n} E_i and n̂ = min{n ≥ 1 : κ(n) ≥ C}
 * (Theorem 5.1 as corrected in spec §10.1).
 *
 * <p>Chains are given as classes of identical chains (a p and a count); the count may be huge (it enters only as an
 * exponent), which gives Lemma 5.3's N → ∞ limit exactly.
 */
public final class MumExpectedLoss {
  private final int states;
  private final double[] p;
  private final double[] count;
  private final double total;
  private double[] losses = new double[1]; // losses[m] = E_m, losses[0] = 0
  private double[][] dist; // current distribution of each class, at step computed

  private MumExpectedLoss(int states, double[] p, double[] count) {
    this.states = states;
    this.p = p;
    this.count = count;
    double t = 0;
    for (double c : count) {
      t += c;
    }
    this.total = t;
    int k = (states + 1) / 2;
    dist = new double[p.length][states];
    for (double[] d : dist) {
      d[k - 1] = 1;
    }
  }

  /** N identical chains of L states moving with probability p (eq. 13); N may be any count ≥ 1, even 1e12. */
  public static MumExpectedLoss identical(int states, double p, double chains) {
    Checks.check(chains >= 1 && Double.isFinite(chains), "chains", chains, "must be finite and >= 1");
    checkStates(states);
    Checks.probability("p", p);
    return new MumExpectedLoss(states, new double[] {p}, new double[] {chains});
  }

  public static MumExpectedLoss of(MumModel model) {
    return identical(model.states(), model.p(), model.chains());
  }

  /** One chain per entry of {@code p}, each with its own activity (eq. 5). */
  public static MumExpectedLoss chains(int states, double... p) {
    checkStates(states);
    Checks.check(p.length >= 1, "p.length", p.length, "needs at least one chain");
    double[] count = new double[p.length];
    for (int j = 0; j < p.length; j++) {
      Checks.probability("p[" + j + "]", p[j]);
      count[j] = 1;
    }
    return new MumExpectedLoss(states, p.clone(), count);
  }

  private static void checkStates(int states) {
    Checks.check(states >= 1 && states % 2 == 1, "states", states, "must be odd and >= 1");
  }

  /** E_m for m = 1..n (index 0 is 0). */
  public double[] losses(int n) {
    Checks.check(n >= 0, "n", n, "must be >= 0");
    extendTo(n);
    return java.util.Arrays.copyOf(losses, n + 1);
  }

  /** E_m. */
  public double loss(int m) {
    Checks.positive("m", m);
    extendTo(m);
    return losses[m];
  }

  /** E[W(n)] = (Σ_{m≤n} E_m + C)/n. */
  public double expectedW(int n, double cost) {
    Checks.positive("n", n);
    Checks.finiteNonNegative("cost", cost);
    extendTo(n);
    double s = 0;
    for (int m = 1; m <= n; m++) {
      s += losses[m];
    }
    return (s + cost) / n;
  }

  /** κ(n) = n·E_{n+1} − Σ_{i≤n} E_i; δ(n) = E[W(n+1)] − E[W(n)] = (κ(n) − C)/(n(n+1)). */
  public double kappa(int n) {
    Checks.check(n >= 0, "n", n, "must be >= 0");
    extendTo(n + 1);
    double s = 0;
    for (int i = 1; i <= n; i++) {
      s += losses[i];
    }
    return n * losses[n + 1] - s;
  }

  /**
   * n̂ = min{n ≥ 1 : κ(n) ≥ C}, searched up to {@code maxN}; empty if κ stays below C (E[W] keeps falling, so
   * remapping never pays). Theorem 5.1: the unique minimiser of E[W(n)] when E_m is non-decreasing.
   */
  public OptionalInt minimiser(double cost, int maxN) {
    Checks.finiteNonNegative("cost", cost);
    Checks.positive("maxN", maxN);
    extendTo(maxN + 1);
    double s = 0;
    for (int n = 1; n <= maxN; n++) {
      s += losses[n];
      if (n * losses[n + 1] - s >= cost) {
        return OptionalInt.of(n);
      }
    }
    return OptionalInt.empty();
  }

  /** The n in [1, maxN] with the smallest E[W(n)], by brute force (first one on ties). */
  public int argminExpectedW(double cost, int maxN) {
    int best = 1;
    double bestW = expectedW(1, cost);
    for (int n = 2; n <= maxN; n++) {
      double w = expectedW(n, cost);
      if (w < bestW) {
        bestW = w;
        best = n;
      }
    }
    return best;
  }

  /**
   * Lemma 5.4's approximation as corrected in spec §10.8 (eq. 17 with the factor 1/2 of eq. 15 restored):
   * E[W(n)] ≈ ((N d(N)/2)·√p·Σ_{m≤n} √m + C)/n with d(N) = [2(1 − 1/binom(·, N−1))/(2N−1)]^{1/2}; {@code printedD}
   * picks binom(2N−1, N−1) as printed, otherwise the standard binom(2N−2, N−1) (spec §10.8, "choose and document").
   */
  public static double approximateExpectedW(int chains, double p, int n, double cost, boolean printedD) {
    Checks.check(chains >= 2, "chains", chains, "needs at least 2");
    Checks.positive("n", n);
    double binom = 1;
    int top = printedD ? 2 * chains - 1 : 2 * chains - 2;
    for (int i = 1; i <= chains - 1; i++) {
      binom = binom * (top - (chains - 1) + i) / i;
    }
    double d = Math.sqrt(2 * (1 - 1 / binom) / (2 * chains - 1));
    double roots = 0;
    for (int m = 1; m <= n; m++) {
      roots += Math.sqrt(m);
    }
    return (chains * d / 2 * Math.sqrt(p) * roots + cost) / n;
  }

  private void extendTo(int n) {
    int have = losses.length - 1;
    if (n <= have) {
      return;
    }
    double[] more = java.util.Arrays.copyOf(losses, Math.max(n + 1, 2 * losses.length));
    int target = more.length - 1;
    double[] next = new double[states];
    for (int m = have + 1; m <= target; m++) {
      for (int c = 0; c < dist.length; c++) {
        step(dist[c], p[c], next);
        double[] swap = dist[c];
        dist[c] = next;
        next = swap;
      }
      more[m] = lossOfCurrent();
    }
    losses = more;
  }

  // E_m = Σ_{s=1..L} [ mean_j P_j(s−1) − Π_j P_j(s−1) ]; the s = 1 term has P(0) = 0. P(s−1) = 1 − tail(s) with the
  // tail summed from the top, so that unreachable states give P exactly 1 and P^N stays exact for huge N.
  private double lossOfCurrent() {
    double[][] tails = new double[dist.length][states + 1];
    for (int c = 0; c < dist.length; c++) {
      for (int i = states - 1; i >= 0; i--) {
        tails[c][i] = tails[c][i + 1] + dist[c][i];
      }
    }
    double e = 0;
    for (int s = 2; s <= states; s++) {
      double mean = 0;
      double logProd = 0;
      for (int c = 0; c < dist.length; c++) {
        double tail = Math.min(1, tails[c][s - 1]); // Prob{T > s − 1}
        mean += count[c] * (1 - tail);
        logProd += tail >= 1 ? Double.NEGATIVE_INFINITY : count[c] * Math.log1p(-tail);
      }
      e += mean / total - Math.exp(logProd);
    }
    return e;
  }

  private void step(double[] d, double pc, double[] out) {
    double half = pc / 2;
    for (int s = 0; s < states; s++) {
      double v = d[s] * (1 - pc);
      if (s == 0) {
        v += d[s] * half;
      } else {
        v += d[s - 1] * half;
      }
      if (s == states - 1) {
        v += d[s] * half;
      } else {
        v += d[s + 1] * half;
      }
      out[s] = v;
    }
  }
}
