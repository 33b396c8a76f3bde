package org.amrbalance.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.triggers.loads.CarriedModel;
import org.junit.jupiter.api.Test;

/** The adaptive trigger started from the load model an earlier run of the same problem learned. */
class CarriedModelTriggerTest {
  private static final int RANKS = 16;

  /**
   * A run of {@code steps}: after each remap every rank's load drifts from 1 by its own slope drawn at the remap
   * (deviation 0.05 a step), measured behind 5% noise; a remap costs one step. Returns the steps that remapped.
   */
  private static List<Integer> run(RemapPolicy trigger, long seed, int steps) {
    Random rnd = new Random(seed);
    double[] slope = new double[RANKS];
    int age = 0;
    List<Integer> remaps = new ArrayList<>();
    for (int s = 1; s <= steps; s++) {
      if (age == 0) {
        for (int r = 0; r < RANKS; r++) {
          slope[r] = 0.05 * rnd.nextGaussian();
        }
      }
      age++;
      double[] t = new double[RANKS];
      for (int r = 0; r < RANKS; r++) {
        t[r] = Math.max(0.1, 1 + slope[r] * age) * (1 + 0.05 * rnd.nextGaussian());
      }
      if (trigger.onStep(StepTimes.of(t)).shouldRemap()) {
        trigger.onRemap(1);
        remaps.add(s);
        age = 0;
      }
    }
    return remaps;
  }

  private static Map<String, String> options() {
    return Map.of("initial-cost", "1");
  }

  @Test
  void aLaterRunActsOnTheCarriedModelFromItsFirstSteps() {
    RemapPolicy first = RemapPolicies.factory("adaptive", options()).get();
    run(first, 1, 300);
    Map<String, String> learned = first.learnedOptions();
    assertThat(learned).containsOnlyKeys("load-model");
    CarriedModel model = CarriedModel.parse(learned.get("load-model"));
    assertThat(model.steps()).isEqualTo(300);
    assertThat(model.slope()).isPositive();

    Map<String, String> carried = new LinkedHashMap<>(options());
    carried.putAll(learned);
    List<Integer> coldAgain = run(RemapPolicies.factory("adaptive", options()).get(), 2, 300);
    List<Integer> warm = run(RemapPolicies.factory("adaptive", carried).get(), 2, 300);
    // Without a model the first rise waits for the first fit at step 8.
    assertThat(coldAgain.get(0)).isGreaterThanOrEqualTo(8);
    assertThat(warm.get(0)).isLessThan(8);
  }
}
