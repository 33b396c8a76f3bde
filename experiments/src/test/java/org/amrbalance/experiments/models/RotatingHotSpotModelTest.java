package org.amrbalance.experiments.models;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RotatingHotSpotModelTest {
  private final RotatingHotSpotModel model = RotatingHotSpotModel.standard();

  private static int hot(double[] t) {
    int h = 0;
    for (int r = 1; r < t.length; r++) {
      h = t[r] > t[h] ? r : h;
    }
    return h;
  }

  /** The steps at which the hot rank changed on the path of {@code seed}. */
  private int[] jumps(long seed) {
    Scripted p = Scripted.never();
    model.run(seed, p);
    return java.util.stream.IntStream.range(1, p.times.size())
        .filter(t -> hot(p.times.get(t)) != hot(p.times.get(t - 1))).toArray();
  }

  @Test
  void theHotRankIsOneAndAHalfTimesTheOthersAndMovesEveryFiftySteps() {
    Scripted p = Scripted.never();
    model.run(3, p);
    for (double[] t : p.times) {
      int h = hot(t);
      for (int r = 0; r < 16; r++) {
        assertThat(t[r]).isEqualTo(r == h ? 1.5 : 1);
      }
    }
    Set<Integer> phases = new HashSet<>();
    for (long seed = 0; seed < 20; seed++) {
      int[] j = jumps(seed);
      assertThat(j[0]).isBetween(1, 50);
      for (int k = 1; k < j.length; k++) {
        assertThat(j[k] - j[k - 1]).isEqualTo(50);
      }
      phases.add(j[0]);
    }
    assertThat(phases.size()).as("the first jump's step varies with the seed").isGreaterThan(10);
  }

  @Test
  void aRemapEvensTheLoadsOnlyUntilTheNextJump() {
    int first = jumps(3)[0];
    Scripted p = new Scripted(Set.of(first));
    model.run(3, p);
    double level = 1 + 0.5 / 16;
    int hot = hot(p.times.get(first));
    assertThat(p.times.get(first + 1)).containsOnly(level);
    assertThat(p.times.get(first + 49)).containsOnly(level);
    double[] moved = p.times.get(first + 50);
    int next = hot(moved);
    assertThat(next).isNotEqualTo(hot);
    assertThat(moved[hot]).isCloseTo(level - 0.5, within(1e-12)); // the rank it left is light
    assertThat(moved[next]).isCloseTo(level + 0.5, within(1e-12));
  }

  @Test
  void onlyARemapRightAfterAJumpPaysAndNoFixedIntervalKeepsUp() {
    for (long seed = 0; seed < 5; seed++) {
      int[] j = jumps(seed);
      Set<Integer> atOnce = new HashSet<>();
      Set<Integer> late = new HashSet<>();
      for (int t : j) {
        atOnce.add(t);
        late.add(t + 10);
      }
      double never = model.run(seed, RemapPolicies.never()).utilization();
      assertThat(model.run(seed, new Scripted(atOnce)).utilization()).isGreaterThan(never + 0.005);
      // 10 steps late, a remap removes 0.47 · 40 ≈ 19 of idle for a cost of 20: a loss.
      assertThat(model.run(seed, new Scripted(late)).utilization()).isLessThan(never);
      for (int m = 1; m <= 100; m++) {
        assertThat(model.run(seed, RemapPolicies.fixedInterval(m)).utilization()).as("m = " + m).isLessThan(never);
      }
    }
  }

  @Test
  void badParametersAreRejected() {
    assertThatThrownBy(() -> RotatingHotSpotModel.of(16, 400, 0, 0.5, 20)).hasMessageContaining("dwell");
    assertThatThrownBy(() -> RotatingHotSpotModel.of(16, 400, 50, 1.5, 20)).hasMessageContaining("extra");
  }
}
