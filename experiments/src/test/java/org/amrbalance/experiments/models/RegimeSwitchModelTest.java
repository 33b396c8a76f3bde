package org.amrbalance.experiments.models;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Set;
import org.junit.jupiter.api.Test;

class RegimeSwitchModelTest {
  private final RegimeSwitchModel model = RegimeSwitchModel.standard();

  private static int hot(double[] t) {
    int h = 0;
    for (int r = 1; r < t.length; r++) {
      h = t[r] > t[h] ? r : h;
    }
    return h;
  }

  @Test
  void balancedThenOneRankGrowsLinearlyThenTheGrowthStops() {
    Scripted never = Scripted.never();
    model.run(4, never);
    assertThat(never.times).hasSize(300);
    assertThat(never.times.subList(0, 101)).allMatch(t -> java.util.Arrays.stream(t).allMatch(x -> x == 1));
    int hot = hot(never.times.get(150));
    assertThat(never.times.get(150)[hot]).isCloseTo(2, within(1e-12)); // 1 + 0.02 · 50
    assertThat(never.times.get(250)[hot]).isCloseTo(3, within(1e-12)); // stopped at step 200
    assertThat(never.times.get(299)[hot]).isCloseTo(3, within(1e-12));
    assertThat(never.times.get(250)[(hot + 1) % 16]).isEqualTo(1);
    // The seed draws the rank that grows.
    assertThat(java.util.stream.LongStream.range(0, 20).mapToObj(s -> {
      Scripted p = Scripted.never();
      model.run(s, p);
      return hot(p.times.get(299));
    }).distinct().count()).isGreaterThan(3);
  }

  @Test
  void aRemapSpreadsTheExcessEvenlyAndLaterGrowthLandsOnTheSameRank() {
    Scripted p = new Scripted(Set.of(150));
    RunResult r = model.run(4, p);
    assertThat(r.remaps()).isEqualTo(1);
    double[] after = p.times.get(151);
    int hot = hot(p.times.get(150));
    double level = 1 + 1.0 / 16; // the excess 1.0 of step 150, spread
    for (int k = 0; k < 16; k++) {
      assertThat(after[k]).isCloseTo(k == hot ? level + 0.02 : level, within(1e-12));
    }
    assertThat(p.times.get(299)[hot]).isCloseTo(level + 1.0, within(1e-12));
  }

  @Test
  void remapsPayOnlyWhileTheGrowthLasts() {
    double never = model.run(4, RemapPolicies.never()).totalTime();
    // Before the growth a remap changes nothing and costs C.
    assertThat(model.run(4, new Scripted(Set.of(50))).totalTime()).isCloseTo(never + 10, within(1e-9));
    // One remap when the growth has stopped evens the loads for good; a second one later is pure cost.
    RunResult once = model.run(4, new Scripted(Set.of(200)));
    assertThat(once.totalTime()).isLessThan(never - 150);
    assertThat(model.run(4, new Scripted(Set.of(200, 250))).totalTime()).isCloseTo(once.totalTime() + 10,
        within(1e-9));
    // Remapping about every 33 steps during the growth only beats never and every fixed interval.
    double during = model.run(4, new Scripted(Set.of(133, 166, 200))).utilization();
    double bestFixed = 0;
    for (int m = 1; m <= 150; m++) {
      bestFixed = Math.max(bestFixed, model.run(4, RemapPolicies.fixedInterval(m)).utilization());
    }
    assertThat(during).isGreaterThan(bestFixed + 0.02);
    assertThat(during).isGreaterThan(model.run(4, RemapPolicies.never()).utilization() + 0.2);
  }

  @Test
  void badParametersAreRejected() {
    assertThatThrownBy(() -> RegimeSwitchModel.of(1, 300, 100, 200, 0.02, 10)).hasMessageContaining("ranks");
    assertThatThrownBy(() -> RegimeSwitchModel.of(16, 300, 200, 100, 0.02, 10)).hasMessageContaining("from");
    assertThatThrownBy(() -> RegimeSwitchModel.of(16, 150, 100, 200, 0.02, 10)).hasMessageContaining("to");
    assertThatThrownBy(() -> RegimeSwitchModel.of(16, 300, 100, 200, -1, 10)).hasMessageContaining("growth");
  }
}
