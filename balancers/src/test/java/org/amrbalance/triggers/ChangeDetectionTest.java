package org.amrbalance.triggers;

import java.util.Map;
import static org.amrbalance.triggers.Traces.firings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.triggers.detection.ThresholdHeuristic;
import org.junit.jupiter.api.Test;

class ChangeDetectionTest {
  // One cluster's worth (d = 2, c = 3) of slightly uneven steps; repeating it gives clusters identical to the base.
  private static final double[] PATTERN = {0.10, 0.14, 0.12, 0.11, 0.13, 0.10};

  /** d = 2, c = 3 (a decision every 6 steps), φ = 0.05, unknown horizon: ρ_n = 0.8 throughout. */
  private static final ChangeDetectionOptions SMALL = ChangeDetectionOptions.defaults().batchSize(2).clusterSize(3)
      .failureRate(0.05).initialCost(1);

  /** Two ranks, the second {@code 1 + δ} with δ from the pattern, plus {@code shift} in the given step ranges. */
  private static List<StepTimes> trace(int steps, int[][] shifted) {
    List<StepTimes> l = new ArrayList<>();
    for (int t = 1; t <= steps; t++) {
      double delta = PATTERN[(t - 1) % 6];
      for (int[] range : shifted) {
        if (t >= range[0] && t <= range[1]) {
          delta += 0.4;
        }
      }
      l.add(StepTimes.of(1, 1 + delta));
    }
    return l;
  }

  @Test
  void firesAtTheThirdPositiveTestAndStartsOverAfterTheRemap() {
    // Base: steps 1-6; tests at 12 (no change), 18, 24, 30 (changed). With φ = 0.05, p after three positives from
    // q = 0.0035 is 0.891 > p_e (0.752, mid-bracket) and > ρ = 0.8: TEST at step 30. After the remap the base is
    // steps 31-36 (balanced again), tests at 42..60 find no change; the second change from step 61 is tested at 66,
    // 72, 78: fires at 78. No firing right after a remap: the next decision needs a new base and three positives.
    List<StepTimes> t = trace(100, new int[][] {{13, 30}, {61, 100}});
    ChangeDetection p = new ChangeDetection(SMALL);
    assertThat(firings(p, t, 1)).containsExactly(30, 78);
  }

  @Test
  void aDeclinedRemapIsAPrematureTest() {
    List<StepTimes> t = trace(60, new int[][] {{13, 60}});
    ChangeDetection p = new ChangeDetection(SMALL);
    List<Integer> fired = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      if (p.onStep(t.get(i)).shouldRemap()) {
        fired.add(i + 1);
        p.onRemapSkipped(); // p := 0; the base stays, so the still-changed clusters at 36, 42, 48 fire again at 48
      }
    }
    assertThat(fired).containsExactly(30, 48);
  }

  @Test
  void triggeringClusterAsNewBaseFiresAgainWhenTheRemapRestoresBalance() {
    // §X's reading: after the remap at 30 the base is the shifted cluster 25-30; balanced clusters at 36, 42, 48
    // then differ from it, and the trigger fires again at 48. This is why collecting a new base is the default.
    List<StepTimes> t = trace(60, new int[][] {{13, 30}});
    ChangeDetection p = new ChangeDetection(SMALL.newBase(ChangeDetectionOptions.NewBase.TRIGGERING_CLUSTER));
    assertThat(firings(p, t, 1)).containsExactly(30, 48);
    assertThat(firings(new ChangeDetection(SMALL), t, 1)).containsExactly(30);
  }

  @Test
  void knownHorizonRetainsWhenTooFewIntervalsRemain() {
    // 36 expected steps = 6 decision intervals; Ĝ = 6 · 0.2 ≈ 1.3 per interval; with a remap cost of 100,
    // K = ⌊100/1.3⌋ ≥ 6, so n_0 ≤ 1: the change is detected but repartitioning cannot pay.
    List<StepTimes> t = trace(36, new int[][] {{13, 36}});
    ChangeDetection p = new ChangeDetection(SMALL.expectedSteps(36).initialCost(100));
    assertThat(firings(p, t, 1)).isEmpty();
    assertThat(p.mode()).isEqualTo(ThresholdHeuristic.Mode.RETAIN_FOREVER);
    // With a cheap remap the same trace fires (at 30, like the unknown-horizon case).
    assertThat(firings(new ChangeDetection(SMALL.expectedSteps(36).initialCost(0.01)), t, 1)).containsExactly(30);
  }

  private static List<StepTimes> noisy(long seed, int steps, int outlierStep, boolean allRanks, int changeFrom) {
    SplittableRandom rng = new SplittableRandom(seed);
    List<StepTimes> l = new ArrayList<>();
    for (int t = 1; t <= steps; t++) {
      double[] x = new double[4];
      for (int r = 0; r < 4; r++) {
        x[r] = 1 + 0.1 * rng.nextDouble();
      }
      if (t >= changeFrom) {
        x[0] *= 1.5;
      }
      if (t == outlierStep) {
        if (allRanks) {
          for (int r = 0; r < 4; r++) {
            x[r] *= 100;
          }
        } else {
          x[0] *= 100;
        }
      }
      l.add(StepTimes.of(x));
    }
    return l;
  }

  /** Four ranks, rank 0 at 1 + δ_t with δ periodic over one cluster (24 steps), so that every cluster equals the base. */
  private static List<StepTimes> periodic(int steps, int outlierStep, boolean allRanks) {
    List<StepTimes> l = new ArrayList<>();
    for (int t = 1; t <= steps; t++) {
      double[] x = {1 + 0.05 * ((t * 7) % 24) / 24.0, 1, 1.02, 1.01};
      if (t == outlierStep) {
        for (int r = 0; r < (allRanks ? 4 : 1); r++) {
          x[r] *= 100;
        }
      }
      l.add(StepTimes.of(x));
    }
    return l;
  }

  @Test
  void aSingleHundredfoldOutlierStepNeverFires() {
    for (int outlier = 1; outlier <= 240; outlier += 7) {
      for (boolean all : new boolean[] {false, true}) {
        ChangeDetection p = new ChangeDetection(ChangeDetectionOptions.defaults().initialCost(1));
        assertThat(firings(p, periodic(600, outlier, all), 1)).as("outlier at %d, all %s", outlier, all).isEmpty();
      }
    }
    // Without trimming, the same outlier inside the base cluster makes every later test positive.
    ChangeDetection untrimmed = new ChangeDetection(ChangeDetectionOptions.defaults().initialCost(1).trimOutliers(false));
    assertThat(firings(untrimmed, periodic(600, 10, false), 1)).isNotEmpty();
  }

  @Test
  void onNoisyStepsAnOutlierLeavesTheFalseAlarmRateAlone() {
    // On stationary noise the AIC test has false positives (the paper's α), and now and then three in a row fire a
    // remap; a single step 100× slower must not make that more frequent.
    int cleanFiring = 0;
    int outlierFiring = 0;
    int outlierRuns = 0;
    for (long seed = 0; seed < 20; seed++) {
      if (!firings(new ChangeDetection(ChangeDetectionOptions.defaults().initialCost(1)),
          noisy(seed, 600, -1, false, Integer.MAX_VALUE), 1).isEmpty()) {
        cleanFiring++;
      }
      for (int outlier : new int[] {3, 10, 30, 100, 250, 500}) {
        for (boolean all : new boolean[] {false, true}) {
          ChangeDetection p = new ChangeDetection(ChangeDetectionOptions.defaults().initialCost(1));
          outlierRuns++;
          if (!firings(p, noisy(seed, 600, outlier, all, Integer.MAX_VALUE), 1).isEmpty()) {
            outlierFiring++;
          }
        }
      }
    }
    System.out.printf("change detection false alarms in 600 steps: %d of 20 clean runs, %d of %d with an outlier%n",
        cleanFiring, outlierFiring, outlierRuns);
    assertThat((double) outlierFiring / outlierRuns).isLessThanOrEqualTo((cleanFiring + 1) / 20.0);
  }

  @Test
  void aSustainedChangeIsFoundWithinAFewDecisionSteps() {
    int falseAlarms = 0;
    for (long seed = 0; seed < 20; seed++) {
      ChangeDetection p = new ChangeDetection(ChangeDetectionOptions.defaults().initialCost(1));
      List<Integer> fired = firings(p, noisy(seed, 600, 100, false, 301), 1);
      falseAlarms += (int) fired.stream().filter(t -> t < 301).count();
      // Decision steps fall on multiples of 24 (after a false alarm, of 24 from it); the first one after the change
      // needs three positives.
      assertThat(fired.stream().filter(t -> t >= 301).findFirst()).as("seed %d: %s", seed, fired)
          .hasValueSatisfying(t -> assertThat(t).isBetween(312, 312 + 5 * 24));
      assertThat(p.lastGainEstimate()).isGreaterThan(0);
    }
    assertThat(falseAlarms).isLessThanOrEqualTo(5);
  }

  @Test
  void withoutTrimmingAnOutlierInTheBaseClusterPoisonsEveryTest() {
    int firedRuns = 0;
    for (long seed = 0; seed < 20; seed++) {
      ChangeDetection p = new ChangeDetection(ChangeDetectionOptions.defaults().initialCost(1).trimOutliers(false));
      if (!firings(p, noisy(seed, 600, 10, false, Integer.MAX_VALUE), 1).isEmpty()) {
        firedRuns++;
      }
    }
    assertThat(firedRuns).isEqualTo(20);
  }

  @Test
  void rejectsAChangedRankCountAndBadOptions() {
    ChangeDetection p = new ChangeDetection();
    p.onStep(StepTimes.of(1, 2));
    assertThatThrownBy(() -> p.onStep(StepTimes.of(1, 2, 3))).hasMessageContaining("times.ranks() = 3");
    assertThatThrownBy(() -> ChangeDetectionOptions.defaults().clusterSize(1)).hasMessageContaining("cluster-size = 1");
    assertThatThrownBy(() -> ChangeDetectionOptions.defaults().errors(0.6, 0.5))
        .hasMessageContaining("alpha + beta = 1.1");
    assertThatThrownBy(() -> ChangeDetectionOptions.defaults().failureRate(1)).hasMessageContaining("failure-rate = 1");
    assertThatThrownBy(() -> ChangeDetectionOptions.defaults().rho(1)).hasMessageContaining("rho = 1");
  }

  @Test
  void theDeclarationMakesAFreshPolicyPerCall() {
    var policies = RemapPolicies.factory("change-detection", Map.of("batch-size", "2", "alpha", "0.1"));
    RemapPolicy a = policies.get();
    assertThat(a).isInstanceOf(ChangeDetection.class).isNotSameAs(policies.get());
    assertThatThrownBy(() -> RemapPolicies.factory("change-detection", Map.of("alpha", "0.6", "beta", "0.5")))
        .hasMessageContaining("amrbalance.change-detection: alpha + beta = 1.1");
  }
}
