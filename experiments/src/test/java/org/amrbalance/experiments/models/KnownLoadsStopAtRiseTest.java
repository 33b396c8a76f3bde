package org.amrbalance.experiments.models;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.amrbalance.triggers.StopAtRiseOptions;
import org.junit.jupiter.api.Test;

class KnownLoadsStopAtRiseTest {
  /** Four ranks whose loads drift apart and are evened out by every remap. */
  private static List<Boolean> decisions(RemapPolicy policy, double cost, StepTimeNoise noise) {
    StepTimeNoise.Noisy noisy = noise.wrap(policy, 7);
    SplittableRandom rng = new SplittableRandom(3);
    double[] drift = new double[4];
    List<Boolean> out = new ArrayList<>();
    for (int step = 0; step < 300; step++) {
      double[] t = new double[4];
      for (int r = 0; r < 4; r++) {
        drift[r] += rng.nextDouble() * 0.1 * (r + 1);
        t[r] = 10 + drift[r];
      }
      RemapDecision d = noisy.onStep(StepTimes.of(t));
      out.add(d.shouldRemap());
      if (d.shouldRemap()) {
        noisy.onRemap(cost);
        java.util.Arrays.fill(drift, 0);
      }
    }
    return out;
  }

  @Test
  void withoutNoiseItIsStopAtRise() {
    for (double cost : new double[] {0.5, 4, 20}) {
      List<Boolean> known = decisions(new KnownLoadsStopAtRise(cost, 1000), cost, StepTimeNoise.none());
      List<Boolean> sar = decisions(RemapPolicies.stopAtRise(StopAtRiseOptions.defaults().initialCost(cost)), cost,
          StepTimeNoise.none());
      assertThat(known).as("C = %s", cost).isEqualTo(sar).contains(true);
    }
  }

  @Test
  void underNoiseItSeesTheLoadsNotTheTimes() {
    // Noise on balanced loads inflates T_max by about σ·E[max of 4 normals] = 0.2·1.03 of a step, which no remap
    // removes: the expected idle is 0, and a trigger on the noisy times remaps where this one does not.
    StepTimes balanced = StepTimes.of(10, 10, 10, 10);
    assertThat(KnownLoadsStopAtRise.expectedIdle(balanced, 0.2)).isCloseTo(0, within(1e-6));
    // One rank 10% above the others, under 20% noise: less than the 1.0 it would be without noise, but not 0.
    double e = KnownLoadsStopAtRise.expectedIdle(StepTimes.of(10, 10, 10, 11), 0.2);
    assertThat(e).isGreaterThan(0.05).isLessThan(0.75);
    List<Boolean> known = decisions(new KnownLoadsStopAtRise(4, 1000), 4, StepTimeNoise.multiplicative(0.2));
    List<Boolean> sar = decisions(RemapPolicies.stopAtRise(StopAtRiseOptions.defaults().initialCost(4)), 4,
        StepTimeNoise.multiplicative(0.2));
    assertThat(known.stream().filter(b -> b).count()).isPositive()
        .isLessThan(sar.stream().filter(b -> b).count());
  }

  @Test
  void itNeverRemapsAtTheRunsLastStep() {
    List<Boolean> known = decisions(new KnownLoadsStopAtRise(0.5, 40), 0.5, StepTimeNoise.none());
    assertThat(known.subList(0, 39)).contains(true);
    assertThat(known.subList(39, known.size())).containsOnly(false);
  }
}
