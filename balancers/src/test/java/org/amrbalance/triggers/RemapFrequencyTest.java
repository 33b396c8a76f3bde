package org.amrbalance.triggers;

import java.util.Map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.triggers.frequency.MaxFactor;
import org.junit.jupiter.api.Test;

class RemapFrequencyTest {

  private static List<StepTimes> flat(int ranks, int steps) {
    List<StepTimes> l = new ArrayList<>();
    double[] x = new double[ranks];
    java.util.Arrays.fill(x, 100);
    for (int t = 0; t < steps; t++) {
      l.add(StepTimes.of(x));
    }
    return l;
  }

  @Test
  void knownHomogeneousWorkloadFiresEveryTStarSteps() {
    // N = 64, w = 100, σ² = 0.5: T*_normal(D = 0.1) = 34 (Table 1), T*_free(D = 0.1) = 6, Corollary 5.1 at B = 0.3: 28.
    RemapFrequency normal = new RemapFrequency(RemapFrequencyOptions.defaults().known(100, 0, 0.5));
    assertThat(Traces.firings(normal, flat(64, 110), 1)).containsExactly(34, 68, 102);
    RemapFrequency free = new RemapFrequency(
        RemapFrequencyOptions.defaults().factor(MaxFactor.HARTLEY_DAVID).known(100, 0, 0.5));
    assertThat(Traces.firings(free, flat(64, 20), 1)).containsExactly(6, 12, 18);
    RemapFrequency dev = new RemapFrequency(RemapFrequencyOptions.defaults()
        .tolerance(RemapFrequencyOptions.Form.DEVIATION, 0.3).known(100, 0, 0.5));
    assertThat(Traces.firings(dev, flat(64, 60), 1)).containsExactly(28, 56);
    // A tolerance above the peak of the bound is never reached: never remap.
    RemapFrequency never = new RemapFrequency(RemapFrequencyOptions.defaults().known(100, 1, 0.5));
    assertThat(Traces.firings(never, flat(64, 500), 1)).isEmpty();
    assertThat(never.knownInterval()).isInfinite();
  }

  @Test
  void knownHeterogeneousWorkloadUsesNormalizedMoments() {
    double[] mu = {0.02, 0.01, 0.01, 0.0};
    double[] s2 = {0.8, 0.5, 0.5, 0.5};
    double[] cap = {2, 1, 1, 1};
    RemapFrequency dev = new RemapFrequency(RemapFrequencyOptions.defaults()
        .tolerance(RemapFrequencyOptions.Form.DEVIATION, 0.05).known(100, mu, s2, cap));
    List<Integer> fired = Traces.firings(dev, flat(4, 200), 1);
    int t = (int) Math.floor(dev.knownInterval());
    assertThat(t).isPositive();
    assertThat(fired.get(0)).isEqualTo(t);
    RemapFrequency pi = new RemapFrequency(RemapFrequencyOptions.defaults().tolerance(
        RemapFrequencyOptions.Form.EXTREME_DIFFERENCE, 0.05).known(100, mu, s2, cap));
    pi.onStep(flat(4, 1).get(0));
    assertThat(pi.knownInterval()).isPositive().isFinite();
    RemapFrequency wrongRanks = new RemapFrequency(RemapFrequencyOptions.defaults().known(100, mu, s2, cap));
    assertThatThrownBy(() -> wrongRanks.onStep(StepTimes.of(1, 1))).hasMessageContaining("times.ranks() = 2");
  }

  /** Seed 003's death-birth increment: +1 or -1 with probability 1/4 each, else 0 (mean 0, variance 0.5). */
  private static double deathBirth(SplittableRandom rng) {
    double u = rng.nextDouble();
    return u < 0.25 ? 1 : u < 0.5 ? -1 : 0;
  }

  /** Runs the estimating trigger on seed 003's random walk, remapping (levelling the loads) when it asks. */
  private static double meanInterval(RemapFrequencyOptions options, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    RemapFrequency p = new RemapFrequency(options);
    double[] w = new double[64];
    java.util.Arrays.fill(w, 100);
    int remaps = 0;
    int since = 0;
    long total = 0;
    for (int t = 0; t < 3000; t++) {
      for (int i = 0; i < 64; i++) {
        w[i] += deathBirth(rng);
      }
      since++;
      if (p.onStep(StepTimes.of(w)).shouldRemap()) {
        double mean = java.util.Arrays.stream(w).average().orElseThrow();
        java.util.Arrays.fill(w, mean);
        p.onRemap(1);
        remaps++;
        total += since;
        since = 0;
      }
    }
    return (double) total / remaps;
  }

  @Test
  void estimatedWorkloadConvergesToTheKnownPeriod() {
    // Known: T*_normal = 34 at D = 0.1 and Corollary 5.1's 28 at B = 0.3. Estimated online the mean interval is close
    // (it starts after the warm-up and w drifts with the mean load).
    double pi = meanInterval(RemapFrequencyOptions.defaults().paper().estimated(), 1);
    double pii = meanInterval(RemapFrequencyOptions.defaults().paper()
        .tolerance(RemapFrequencyOptions.Form.DEVIATION, 0.3).estimated(), 2);
    double perRank = meanInterval(RemapFrequencyOptions.defaults().paper()
        .tolerance(RemapFrequencyOptions.Form.DEVIATION, 0.3).estimated(8, false), 3);
    System.out.printf("remap-frequency estimated online: PI %.1f (known 34), PII %.1f, per rank %.1f (known 28)%n",
        pi, pii, perRank);
    assertThat(pi).isBetween(30.0, 38.0);
    assertThat(pii).isBetween(25.0, 31.0);
    assertThat(perRank).isBetween(24.0, 32.0);
  }

  @Test
  void estimatedModeWaitsForItsWarmupAndRejectsAChangedRankCount() {
    RemapFrequency p = new RemapFrequency(RemapFrequencyOptions.defaults().paper().estimated(5, true));
    // Wildly varying times would call for an immediate remap, but not before 5 increments.
    List<Integer> fired = new ArrayList<>();
    for (int t = 1; t <= 8; t++) {
      if (p.onStep(t % 2 == 0 ? StepTimes.of(1, 50) : StepTimes.of(50, 1)).shouldRemap()) {
        fired.add(t);
        p.onRemap(1);
      }
    }
    assertThat(fired).first().isEqualTo(6); // 5 increments after step 6
    p.onStep(StepTimes.of(1, 2)); // the count in force since the last remap
    assertThatThrownBy(() -> p.onStep(StepTimes.of(1, 2, 3))).hasMessageContaining("times.ranks() = 3");
    assertThatThrownBy(() -> RemapFrequencyOptions.defaults().estimated(1, true)).hasMessageContaining("warmup = 1");
    assertThatThrownBy(() -> RemapFrequencyOptions.defaults().tolerance(RemapFrequencyOptions.Form.DEVIATION, 0))
        .hasMessageContaining("tolerance = 0");
  }

  @Test
  void theDeclarationMakesAFreshPolicyPerCall() {
    var policies = RemapPolicies.factory("remap-frequency", Map.of("form", "deviation", "warmup", "4"));
    RemapPolicy a = policies.get();
    assertThat(a).isInstanceOf(RemapFrequency.class).isNotSameAs(policies.get());
    assertThatThrownBy(() -> RemapPolicies.create("remap-frequency", Map.of("warmup", "1")))
        .hasMessageContaining("amrbalance.remap-frequency.warmup = 1: must be an integer in [2, 1000000]");
  }

  /** Mean steps between remaps on i.i.d. noisy step times (no drift at all), each remap costing {@code cost}. */
  private static double meanIntervalOnNoise(RemapFrequencyOptions options, double cost) {
    SplittableRandom rng = new SplittableRandom(11);
    RemapFrequency p = new RemapFrequency(options);
    int remaps = 0;
    for (int t = 0; t < 2000; t++) {
      double[] times = new double[8];
      for (int r = 0; r < 8; r++) {
        times[r] = 1 + 0.2 * rng.nextDouble();
      }
      if (p.onStep(StepTimes.of(times)).shouldRemap()) {
        p.onRemap(cost);
        remaps++;
      }
    }
    return remaps == 0 ? Double.POSITIVE_INFINITY : 2000.0 / remaps;
  }

  @Test
  void theCostFloorKeepsNoiseFromRemappingEveryStepAndScalesWithTheCost() {
    RemapFrequencyOptions estimated = RemapFrequencyOptions.defaults().paper().costFloor(true).estimated(4, true);
    double without = meanIntervalOnNoise(estimated.costFloor(false), 2);
    // The default estimates see that these increments are measurement noise (anti-correlated from step to step) and
    // no random walk: the loads never drift apart, and it all but never remaps.
    double robust = meanIntervalOnNoise(RemapFrequencyOptions.defaults().estimated(4, true), 2);
    assertThat(robust).isGreaterThan(20 * without);
    double cheap = meanIntervalOnNoise(estimated, 0.2);
    double dear = meanIntervalOnNoise(estimated, 2);
    System.out.printf("remap-frequency on pure noise: every %.1f steps without the cost floor; with it every %.1f"
        + " (C = 0.2) and %.1f (C = 2)%n", without, cheap, dear);
    assertThat(without).as("the tolerance alone").isLessThan(8);
    // Increments are differences of U(1, 1.2) times: σ = 0.2/√6 = 0.082; k = a(8) = 1.52; T_c = (3C/(kσ))^(2/3) is
    // 2.9 and 13.3 steps, and the trigger fires at the first whole step not below it.
    double k = MaxFactor.NORMAL_ASYMPTOTIC.of(8);
    double sigma = 0.2 / Math.sqrt(6);
    assertThat(dear).isGreaterThanOrEqualTo(Math.floor(Math.pow(3 * 2 / (k * sigma), 2.0 / 3)) * 0.9);
    assertThat(dear / cheap).as("T_c grows as C^(2/3): 10^(2/3) = 4.6, rounded down to whole steps")
        .isBetween(2.5, 7.0);
  }

  @Test
  void theCostFloorLeavesAKnownWorkloadAlone() {
    RemapFrequencyOptions known = RemapFrequencyOptions.defaults().known(100, 0, 5); // T* of some 30 steps
    RemapFrequency on = new RemapFrequency(known);
    RemapFrequency off = new RemapFrequency(known.costFloor(false));
    int remaps = 0;
    for (int t = 0; t < 200; t++) {
      StepTimes times = StepTimes.of(100 + t % 7, 100, 101);
      boolean a = on.onStep(times).shouldRemap();
      assertThat(off.onStep(times).shouldRemap()).isEqualTo(a);
      if (a) {
        on.onRemap(1000); // a cost that, floored, would hold off every remap of the run
        off.onRemap(1000);
        remaps++;
      }
    }
    assertThat(remaps).as("the known period fires within the run").isPositive();
  }
}
