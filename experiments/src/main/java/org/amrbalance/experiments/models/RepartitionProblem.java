package org.amrbalance.experiments.models;

import java.util.Arrays;
import java.util.SplittableRandom;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.internal.Checks;
import org.amrbalance.triggers.detection.ChangePosterior;
import org.amrbalance.triggers.detection.ThresholdHeuristic;

/**
 * Seed 001's repartitioning decision problem at the level of decision steps (spec §§7, 9, 11): a single change at a
 * geometric(φ) step, Bernoulli test outcomes (positive with probability α before the change and 1 − β after it),
 * costs charged only after the change: e_o per retained interval, D_d per test, D_r + e_r per remaining interval
 * after a successful repartition. The horizon M is constant (as in all the paper's experiments), decisions are made
 * at steps 1..M starting from p = 0 at step 0 (spec §7.3, "choose and document").
 */
@Immutable
public final class RepartitionProblem {
  /** The default bound on how far {@link #optimal()}'s cost lies below the exact optimum, in cost units. */
  public static final double DEFAULT_ERROR_BUDGET = 1e-6;

  private final double oldCost;
  private final double newCost;
  private final double testDelay;
  private final double installDelay;
  private final ChangePosterior posterior;
  private final int horizon;

  private RepartitionProblem(double oldCost, double newCost, double testDelay, double installDelay,
      ChangePosterior posterior, int horizon) {
    this.oldCost = oldCost;
    this.newCost = newCost;
    this.testDelay = testDelay;
    this.installDelay = installDelay;
    this.posterior = posterior;
    this.horizon = horizon;
  }

  /** e_o &gt; e_r ≥ 0, D_d &gt; 0, D_r ≥ 0, the posterior's φ, α, β, and M decision steps. */
  public static RepartitionProblem of(double oldCost, double newCost, double testDelay, double installDelay,
      ChangePosterior posterior, int horizon) {
    Checks.finiteNonNegative("newCost", newCost);
    Checks.check(Double.isFinite(oldCost) && oldCost > newCost, "oldCost", oldCost, "must be finite and > newCost");
    Checks.finitePositive("testDelay", testDelay);
    Checks.finiteNonNegative("installDelay", installDelay);
    Checks.notNull("posterior", posterior);
    Checks.positive("horizon", horizon);
    return new RepartitionProblem(oldCost, newCost, testDelay, installDelay, posterior, horizon);
  }

  /** Table II of seed 001: e_o = 200, e_r = 200 − G, D_d = D_r = 100, φ = 1/N, α = 0.2, β = 0.05, M = N. */
  public static RepartitionProblem tableII(int n, double gain) {
    return of(200, 200 - gain, 100, 100, ChangePosterior.of(1.0 / n, 0.2, 0.05), n);
  }

  public double gain() {
    return oldCost - newCost;
  }

  public int horizon() {
    return horizon;
  }

  public ChangePosterior posterior() {
    return posterior;
  }

  /** K = ⌊(D_d + D_r)/G⌋ and n_0 = M − K + 1 (Lemma 4, constant N; spec §8 "derived"). */
  public long firstUnprofitableStep() {
    return horizon - (long) Math.floor((testDelay + installDelay) / gain()) + 1;
  }

  /** Expected post-change cost of always retaining: e_o · Σ_{n=1..M} (1 − (1 − φ)^n). */
  public double retainCost() {
    double s = 0;
    double survive = 1;
    for (int n = 1; n <= horizon; n++) {
      survive *= 1 - posterior.phi();
      s += 1 - survive;
    }
    return oldCost * s;
  }

  /**
   * The optimal policy by the backward recursion (6)–(9), V kept as a concave piecewise-linear function whose knots
   * are thinned so that its value is at most {@code errorBudget} (cost units) below the exact optimum in total.
   */
  public Optimal optimal(double errorBudget) {
    Checks.finitePositive("errorBudget", errorBudget);
    return new Optimal(errorBudget);
  }

  /** {@link #optimal(double)} within {@value #DEFAULT_ERROR_BUDGET} cost units, far below any table's precision. */
  public Optimal optimal() {
    return optimal(DEFAULT_ERROR_BUDGET);
  }

  /** The optimal value functions and thresholds π_n. */
  public final class Optimal {
    private final double[] thresholds; // π_n, n = 1..M
    private final double cost;
    private final double errorBound;
    private final double[] valueAtOne;
    private int maxSegmentsSeen;

    // Spec §9's approximation chosen: not the 1024-segment limit (its chord from p = 0 lies below V by an amount it
    // never measures) but knots thinned within errorBudget/M per step; the recursion is monotone and moves sup-norm
    // errors by at most their size (E_v averages V, T and R add known terms, min is 1-Lipschitz), so the computed V
    // lies below the exact one by at most the sum of the measured per-step changes.
    private Optimal(double errorBudget) {
      thresholds = new double[horizon + 1];
      valueAtOne = new double[horizon + 2];
      double perStep = errorBudget / horizon;
      double bound = 0;
      ConcavePiecewiseLinear v = ConcavePiecewiseLinear.zero();
      for (int n = horizon; n >= 1; n--) {
        ConcavePiecewiseLinear ev = expectedNext(v);
        double ev0 = ev.ys[0];
        double remaining = horizon - n + 1;
        double tConst = testDelay + ev0;
        double tSlope = newCost * remaining + installDelay - ev0;
        int k = ev.xs.length;
        double[] rx = ev.xs;
        double[] ry = new double[k];
        for (int i = 0; i < k; i++) {
          ry[i] = rx[i] * oldCost + ev.ys[i];
        }
        // V = min(T, R), with the crossing points inserted.
        double[] nx = new double[2 * k];
        double[] ny = new double[2 * k];
        int m = 0;
        double pi = 1;
        boolean found = false;
        for (int i = 0; i < k; i++) {
          double t = tConst + tSlope * rx[i];
          if (i > 0) {
            double tPrev = tConst + tSlope * rx[i - 1];
            double dPrev = tPrev - ry[i - 1];
            double d = t - ry[i];
            if ((dPrev > 0 && d < 0) || (dPrev < 0 && d > 0)) {
              double x = rx[i - 1] + (rx[i] - rx[i - 1]) * dPrev / (dPrev - d);
              if (x > nx[m - 1] && x < rx[i]) {
                nx[m] = x;
                ny[m++] = tConst + tSlope * x;
              }
              if (dPrev > 0 && !found) {
                pi = x;
                found = true;
              }
            } else if (dPrev > 0 && d <= 0 && !found) {
              pi = rx[i];
              found = true;
            }
          }
          nx[m] = rx[i];
          ny[m++] = Math.min(t, ry[i]);
        }
        thresholds[n] = pi;
        ConcavePiecewiseLinear.Simplified s =
            ConcavePiecewiseLinear.of(Arrays.copyOf(nx, m), Arrays.copyOf(ny, m)).simplified(perStep);
        v = s.function();
        bound += s.maxChange();
        maxSegmentsSeen = Math.max(maxSegmentsSeen, v.segments());
        valueAtOne[n] = v.at(1);
      }
      cost = expectedNext(v).ys[0];
      errorBound = bound;
    }

    /** E_v(⟨0, 0⟩): the optimal expected post-change cost of the whole run, at most {@link #errorBound()} low. */
    public double cost() {
      return cost;
    }

    /**
     * How far {@link #cost()} may lie below the exact optimum: the sum of the per-step changes made by thinning
     * knots, each at most errorBudget/M (rounding aside); the exact optimum is in [cost, cost + errorBound].
     */
    public double errorBound() {
      return errorBound;
    }

    /** π_n: retain iff p ≤ π_n (1: never test at n). */
    public double threshold(int n) {
      Checks.check(n >= 1 && n <= horizon, "n", n, "must be in [1, " + horizon + "]");
      return thresholds[n];
    }

    /** V(⟨1, n⟩). */
    public double valueAtOne(int n) {
      return valueAtOne[n];
    }

    /** The largest number of linear pieces V(⟨·, n⟩) needed at any n. */
    public int maxSegments() {
      return maxSegmentsSeen;
    }
  }

  // E_v(p) = q^c(p) V(p^c(p)) + q^c̄(p) V(p^c̄(p)); both terms are linear between the preimages of V's knots, so
  // evaluating at those preimages (and 0 and 1) gives E_v exactly.
  private ConcavePiecewiseLinear expectedNext(ConcavePiecewiseLinear v) {
    double[] knots = new double[2 * v.xs.length + 2];
    int k = 0;
    knots[k++] = 0;
    knots[k++] = 1;
    for (double x : v.xs) {
      for (boolean positive : new boolean[] {true, false}) {
        double p = posterior.inverse(x, positive);
        if (p > 0 && p < 1) {
          knots[k++] = p;
        }
      }
    }
    double[] xs = Arrays.copyOf(knots, k);
    Arrays.sort(xs);
    double[] ux = new double[k];
    double[] ys = new double[k];
    int m = 0;
    for (int i = 0; i < k; i++) {
      if (m > 0 && xs[i] == ux[m - 1]) {
        continue;
      }
      double p = xs[i];
      double qc = posterior.positiveProbability(p);
      ux[m] = p;
      ys[m++] = qc * v.at(posterior.afterPositive(p)) + (1 - qc) * v.at(posterior.afterNegative(p));
    }
    return ConcavePiecewiseLinear.of(Arrays.copyOf(ux, m), Arrays.copyOf(ys, m));
  }

  /** Mean and standard error of a Monte Carlo estimate. */
  public record Estimate(double mean, double standardError) {}

  /**
   * Expected cost saved against always retaining, by Monte Carlo with the same change times and test outcomes
   * for both (common random numbers) and, as a control variate, the saving G·(M − τ + 1)⁺ of an oracle that
   * repartitions for free at the change, whose mean G·Σ_n P(τ ≤ n) is known exactly; for the heuristic with
   * Ĝ = {@code gainFactor}·G, each estimate of Ĝ costing {@code estimationCost}, p_e at {@code thresholdPosition} in
   * its bracket, ρ = {@code rho}.
   */
  public Estimate heuristicSaving(int runs, long seed, double gainFactor, double estimationCost, double rho,
      double thresholdPosition) {
    Checks.check(runs >= 2, "runs", runs, "must be >= 2");
    Checks.finitePositive("gainFactor", gainFactor);
    Checks.finiteNonNegative("estimationCost", estimationCost);
    double pe = posterior.triggerThreshold(thresholdPosition);
    SplittableRandom master = new SplittableRandom(seed);
    double[] saving = new double[runs];
    double[] oracle = new double[runs];
    double estimatedGain = gainFactor * gain();
    double[] extra = new double[1];
    for (int r = 0; r < runs; r++) {
      SplittableRandom rng = master.split();
      int change = changeStep(rng);
      ThresholdHeuristic h = ThresholdHeuristic.of(posterior, rho, pe, horizon);
      double cost = 0;
      extra[0] = 0;
      for (int n = 1; n <= horizon; n++) {
        boolean changed = change <= n;
        double u = rng.nextDouble();
        boolean positive = changed ? u >= posterior.beta() : u < posterior.alpha();
        ThresholdHeuristic.Action a = h.decide(positive, () -> {
          extra[0] += estimationCost;
          return estimatedGain;
        }, testDelay + installDelay);
        if (a == ThresholdHeuristic.Action.TEST) {
          cost += testDelay;
          if (changed) {
            cost += installDelay + newCost * (horizon - n + 1);
            break;
          }
          h.prematureTest();
        } else if (changed) {
          cost += oldCost;
        }
      }
      cost += extra[0];
      double retain = change <= horizon ? oldCost * (horizon - change + 1) : 0;
      oracle[r] = change <= horizon ? gain() * (horizon - change + 1) : 0;
      saving[r] = retain - cost;
    }
    return controlled(saving, oracle, gain() * retainCost() / oldCost);
  }

  /** The optimal policy's expected cost by Monte Carlo on the same kind of paths (a check of the recursion). */
  public Estimate simulateThresholds(Optimal opt, int runs, long seed) {
    SplittableRandom master = new SplittableRandom(seed);
    double[] costs = new double[runs];
    for (int r = 0; r < runs; r++) {
      SplittableRandom rng = master.split();
      int change = changeStep(rng);
      double p = 0;
      double cost = 0;
      for (int n = 1; n <= horizon; n++) {
        boolean changed = change <= n;
        double u = rng.nextDouble();
        p = posterior.update(p, changed ? u >= posterior.beta() : u < posterior.alpha());
        if (p > opt.threshold(n)) {
          cost += testDelay;
          if (changed) {
            cost += installDelay + newCost * (horizon - n + 1);
            break;
          }
          p = 0;
        } else if (changed) {
          cost += oldCost;
        }
      }
      costs[r] = cost;
    }
    return estimate(costs);
  }

  // The step of the change: P(τ = n) = φ(1 − φ)^(n−1); beyond the horizon it does not matter.
  private int changeStep(SplittableRandom rng) {
    double phi = posterior.phi();
    if (phi <= 0) {
      return Integer.MAX_VALUE;
    }
    double u = rng.nextDouble();
    double t = Math.ceil(Math.log1p(-u) / Math.log1p(-phi));
    return t > horizon ? horizon + 1 : Math.max(1, (int) t);
  }

  // y − b(x − E[x]) with the fitted b = cov(x, y)/var(x): exact zero savings stay zero, correlated ones shrink.
  private static Estimate controlled(double[] y, double[] x, double meanX) {
    double my = 0;
    double mx = 0;
    for (int i = 0; i < y.length; i++) {
      my += y[i];
      mx += x[i];
    }
    my /= y.length;
    mx /= y.length;
    double cov = 0;
    double var = 0;
    for (int i = 0; i < y.length; i++) {
      cov += (x[i] - mx) * (y[i] - my);
      var += (x[i] - mx) * (x[i] - mx);
    }
    double b = var > 0 ? cov / var : 0;
    double[] z = new double[y.length];
    for (int i = 0; i < y.length; i++) {
      z[i] = y[i] - b * (x[i] - meanX);
    }
    return estimate(z);
  }

  private static Estimate estimate(double[] x) {
    double m = 0;
    for (double v : x) {
      m += v;
    }
    m /= x.length;
    double ss = 0;
    for (double v : x) {
      ss += (v - m) * (v - m);
    }
    return new Estimate(m, Math.sqrt(ss / (x.length - 1) / x.length));
  }
}
