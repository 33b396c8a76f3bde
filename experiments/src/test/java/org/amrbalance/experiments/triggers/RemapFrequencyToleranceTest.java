package org.amrbalance.experiments.triggers;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.amrbalance.experiments.models.ComparisonWorkload;
import org.amrbalance.experiments.models.StepTimeNoise;
import org.amrbalance.triggers.RemapFrequencyOptions;
import org.junit.jupiter.api.Test;

/**
 * Issue 17, point 4: remap frequency's tolerance D changes its period on every comparison model, with and without
 * noise. The period is the longer of the paper's T*(D) and the cost-paying one, so a D tighter than the imbalance the
 * remap cost already tolerates changes nothing (MUM: the same 45 remaps a run for every D ≤ 0.1); a looser D
 * lengthens the period on every model.
 */
class RemapFrequencyToleranceTest {
  private static final double[] TOLERANCES = {0.005, 0.1, 0.2, 0.4};

  /** Remaps summed over three replicates of {@code w} behind {@code noise}, remap frequency with tolerance D. */
  private static int remaps(ComparisonWorkload w, StepTimeNoise noise, double d) {
    int sum = 0;
    for (long seed = 1; seed <= 3; seed++) {
      RemapFrequencyOptions o = RemapFrequencyOptions.defaults()
          .tolerance(RemapFrequencyOptions.Form.EXTREME_DIFFERENCE, d);
      sum += w.run(seed, noise, RemapPolicies.remapFrequency(o)).remaps();
    }
    return sum;
  }

  @Test
  void aLooserToleranceRemapsLessOnEveryModelWithAndWithoutNoise() {
    for (ComparisonWorkload w : ComparisonWorkload.values()) {
      for (StepTimeNoise noise : List.of(StepTimeNoise.none(), StepTimeNoise.multiplicative(0.1))) {
        int[] counts = new int[TOLERANCES.length];
        for (int i = 0; i < TOLERANCES.length; i++) {
          counts[i] = remaps(w, noise, TOLERANCES[i]);
        }
        String row = w.label() + ", " + noise.label() + ", remaps at D = " + Arrays.toString(TOLERANCES) + ": "
            + Arrays.toString(counts);
        System.out.println("remap-frequency " + row);
        for (int i = 1; i < counts.length; i++) {
          assertThat(counts[i]).as(row).isLessThanOrEqualTo(counts[i - 1]);
        }
        assertThat(counts[counts.length - 1]).as(row).isLessThan(counts[0] * 2 / 3);
      }
    }
  }
}
