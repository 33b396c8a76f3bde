package org.amrbalance.experiments.models;

import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.spi.internal.Checks;

/**
 * The optimal remapping policy of seed 000 §4 (spec §6) for a small MUM system over a fixed horizon of H steps, by
 * backward induction: V_H(S) = EC(S) and V_n(S) = EC(S) + min(C + G_n(A(S)), G_n(S)) with EC(S) = max_i s_i, A(S) the
 * average-value remap of S and G_n(S) = Σ_U Prob{U | S} V_{n+1}(U), applied one chain axis at a time. No remap after
 * step H (pure cost, spec §6.4); on a tie between the actions the policy keeps (spec §6.4, "choose and document").
 * A second recursion under the optimal decisions gives E[Σ T_avg], hence the ratio-of-expectations utilization of
 * Figure 3. Memory and time grow as L^N · H: meant for N ≤ 4.
 */
public final class MumOptimalPolicy {
  private final MumModel model;
  private final int horizon;
  private final double cost;
  private final int size;
  private final int[] remapIndex; // A(S) for every state index
  private final boolean[][] remap; // remap[n][S], n = 1..H−1
  private final double expectedTotalTime;
  private final double expectedSumAverage;
  private final double neverTotalTime;
  private final double neverSumAverage;

  private MumOptimalPolicy(MumModel model, int horizon, double cost) {
    this.model = model;
    this.horizon = horizon;
    this.cost = cost;
    int n = model.chains();
    int l = model.states();
    int sz = 1;
    for (int i = 0; i < n; i++) {
      sz = Math.multiplyExact(sz, l);
    }
    this.size = sz;
    double[][] m = model.transitionMatrix();
    double[] ec = new double[sz];
    double[] avg = new double[sz];
    remapIndex = new int[sz];
    int[] s = new int[n];
    for (int idx = 0; idx < sz; idx++) {
      decode(idx, s);
      int max = 0;
      long sum = 0;
      for (int v : s) {
        max = Math.max(max, v);
        sum += v;
      }
      ec[idx] = max;
      avg[idx] = (double) sum / n;
      MumModel.averageValueRemap(s);
      remapIndex[idx] = encode(s);
    }
    remap = new boolean[horizon][];
    double[] v = ec.clone(); // V_H
    double[] u = avg.clone(); // E[Σ_{t≥n} T_avg] under the optimal decisions, at n = H
    double[] vNever = ec.clone();
    double[] uNever = avg.clone();
    for (int step = horizon - 1; step >= 1; step--) {
      double[] g = propagate(v, m);
      double[] gu = propagate(u, m);
      boolean[] act = new boolean[sz];
      double[] nv = new double[sz];
      double[] nu = new double[sz];
      for (int idx = 0; idx < sz; idx++) {
        double withRemap = cost + g[remapIndex[idx]];
        act[idx] = withRemap < g[idx];
        nv[idx] = ec[idx] + (act[idx] ? withRemap : g[idx]);
        nu[idx] = avg[idx] + (act[idx] ? gu[remapIndex[idx]] : gu[idx]);
      }
      remap[step] = act;
      v = nv;
      u = nu;
      vNever = add(ec, propagate(vNever, m));
      uNever = add(avg, propagate(uNever, m));
    }
    int[] start = new int[n];
    java.util.Arrays.fill(start, model.middle());
    int s0 = encode(start);
    expectedTotalTime = propagate(v, m)[s0];
    expectedSumAverage = propagate(u, m)[s0];
    neverTotalTime = propagate(vNever, m)[s0];
    neverSumAverage = propagate(uNever, m)[s0];
  }

  /** Solves the MDP for {@code model} over {@code horizon} steps with remap cost C. */
  public static MumOptimalPolicy solve(MumModel model, int horizon, double cost) {
    Checks.notNull("model", model);
    Checks.positive("horizon", horizon);
    Checks.finiteNonNegative("cost", cost);
    Checks.check(Math.pow(model.states(), model.chains()) <= 2e6, "model", model,
        "L^N must be <= 2e6 for the exact policy");
    return new MumOptimalPolicy(model, horizon, cost);
  }

  /** E[Σ T_max + C · remaps] under the optimal policy, from every chain at K. */
  public double expectedTotalTime() {
    return expectedTotalTime;
  }

  /** E[Σ T_avg] under the optimal policy. */
  public double expectedSumAverage() {
    return expectedSumAverage;
  }

  /** Ratio-of-expectations utilization of the optimal policy (Figure 3). */
  public double utilization() {
    return expectedSumAverage / expectedTotalTime;
  }

  /** The same utilization when never remapping. */
  public double neverUtilization() {
    return neverSumAverage / neverTotalTime;
  }

  /** Whether the optimal policy remaps after step {@code step} (1..H) in chain states {@code states} (1..L). */
  public boolean remaps(int step, int[] states) {
    Checks.check(step >= 1 && step <= horizon, "step", step, "must be in [1, " + horizon + "]");
    Checks.check(states.length == model.chains(), "states.length", states.length, "must be " + model.chains());
    for (int j = 0; j < states.length; j++) {
      Checks.check(states[j] >= 1 && states[j] <= model.states(), "states[" + j + "]", states[j],
          "must be in [1, " + model.states() + "]");
    }
    return step < horizon && remap[step][encode(states)];
  }

  /**
   * The optimal decisions as a trigger for {@link MumSimulator}: the step times it is told are the chain states, and
   * it counts the steps itself.
   */
  public RemapPolicy asRemapPolicy() {
    return new RemapPolicy() {
      private int step;
      private final int[] states = new int[model.chains()];

      @Override
      public RemapDecision onStep(StepTimes times) {
        step++;
        for (int j = 0; j < states.length; j++) {
          states[j] = (int) Math.round(times.time(j));
        }
        return remaps(step, states) ? RemapDecision.remap("optimal") : RemapDecision.keep();
      }

      @Override
      public void onRemap(double measuredCost) {}
    };
  }

  public double cost() {
    return cost;
  }

  public int horizon() {
    return horizon;
  }

  private static double[] add(double[] a, double[] b) {
    double[] r = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      r[i] = a[i] + b[i];
    }
    return r;
  }

  // G(S) = Σ_U Π_i M[s_i][u_i] V(U): apply M along each axis in turn.
  private double[] propagate(double[] v, double[][] m) {
    int l = model.states();
    double[] cur = v.clone();
    double[] next = new double[size];
    int stride = 1;
    for (int axis = 0; axis < model.chains(); axis++) {
      for (int idx = 0; idx < size; idx++) {
        int si = (idx / stride) % l;
        int base = idx - si * stride;
        double acc = 0;
        for (int t = Math.max(0, si - 1); t <= Math.min(l - 1, si + 1); t++) {
          acc += m[si][t] * cur[base + t * stride];
        }
        next[idx] = acc;
      }
      double[] swap = cur;
      cur = next;
      next = swap;
      stride *= l;
    }
    return cur;
  }

  private void decode(int idx, int[] s) {
    int l = model.states();
    for (int j = 0; j < s.length; j++) {
      s[j] = idx % l + 1;
      idx /= l;
    }
  }

  private int encode(int[] s) {
    int l = model.states();
    int idx = 0;
    for (int j = s.length - 1; j >= 0; j--) {
      idx = idx * l + (s[j] - 1);
    }
    return idx;
  }
}
