package org.amrbalance.experiments.models;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.triggers.StopAtRiseOptions;
import org.junit.jupiter.api.Test;

/** Seed 000 Figure 3: N = 3, L = 19, p = 0.5, 100 steps; utilization as a ratio of expectations. */
class MumOptimalPolicyIT {
  private static final MumModel MODEL = MumModel.of(3, 19, 0.5);

  /** Ratio of expectations Σa/Σt over runs, with the delta-method standard error. */
  private record Ratio(double value, double standardError) {}

  private static Ratio simulate(MumSimulator sim, int runs, long seed, java.util.function.Supplier<RemapPolicy> p) {
    SplittableRandom master = new SplittableRandom(seed);
    byte[] path = sim.newPath();
    double[] a = new double[runs];
    double[] t = new double[runs];
    double sa = 0;
    double st = 0;
    for (int r = 0; r < runs; r++) {
      MODEL.drawMoves(master.split(), sim.steps(), path);
      RunResult res = sim.run(path, p.get());
      a[r] = res.sumAverage();
      t[r] = res.totalTime();
      sa += a[r];
      st += t[r];
    }
    double ratio = sa / st;
    double ss = 0;
    for (int r = 0; r < runs; r++) {
      double d = a[r] - ratio * t[r];
      ss += d * d;
    }
    return new Ratio(ratio, Math.sqrt(ss / (runs - 1) / runs) / (st / runs));
  }

  @Test
  void exactOptimumAgreesWithSimulatingItsDecisions() {
    MumOptimalPolicy opt = MumOptimalPolicy.solve(MODEL, 100, 8);
    Ratio sim = simulate(MumSimulator.of(MODEL, 100, 8), 4000, 1, opt::asRemapPolicy);
    assertThat(opt.utilization()).isCloseTo(sim.value(), org.assertj.core.data.Offset.offset(4 * sim.standardError()));
    // Never remapping: E[Σ T_avg] = 100 K exactly from the symmetric start.
    assertThat(opt.neverUtilization()).isLessThan(opt.utilization());
    assertThat(opt.remaps(100, new int[] {1, 10, 19})).isFalse();
    assertThat(opt.remaps(50, new int[] {1, 10, 19})).isTrue();
    assertThat(opt.remaps(50, new int[] {10, 10, 10})).isFalse();
  }

  @Test
  void sarGapToTheOptimumGrowsWithC() {
    double previousGap = 0;
    double[] costs = {1, 4, 16, 64};
    for (double c : costs) {
      MumOptimalPolicy opt = MumOptimalPolicy.solve(MODEL, 100, c);
      Ratio sar = simulate(MumSimulator.of(MODEL, 100, c), 4000, 2,
          () -> RemapPolicies.stopAtRise(StopAtRiseOptions.defaults().initialCost(c)));
      double gap = opt.utilization() - sar.value();
      System.out.printf("Figure 3, C = %s: optimal %.5f, SAR %.5f (se %.5f), never %.5f, gap %.5f%n", c,
          opt.utilization(), sar.value(), sar.standardError(), opt.neverUtilization(), gap);
      assertThat(gap).as("optimal beats SAR at C=%s", c).isGreaterThan(3 * sar.standardError());
      assertThat(gap).as("gap grows at C=%s", c).isGreaterThan(previousGap);
      assertThat(opt.utilization()).isGreaterThan(opt.neverUtilization());
      previousGap = gap;
    }
    // Both approach never remapping as C grows; SAR, blind to the horizon, even falls below it at C = 128.
    MumOptimalPolicy big = MumOptimalPolicy.solve(MODEL, 100, 128);
    Ratio sarBig = simulate(MumSimulator.of(MODEL, 100, 128), 4000, 2,
        () -> RemapPolicies.stopAtRise(StopAtRiseOptions.defaults().initialCost(128)));
    assertThat(big.utilization() - big.neverUtilization()).isLessThan(0.02);
    assertThat(sarBig.value()).isLessThan(big.neverUtilization());
  }
}
