package org.amrbalance.experiments.models;

import org.amrbalance.triggers.RemapPolicies;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.RemapDecision;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

/** Additive noise and heavy-tailed jitter: their own properties, and the older kinds left as they were. */
class StepTimeNoiseKindsTest {
  private static final int STEPS = 20_000;

  /** The times {@code noise} makes of {@code loads} at every step, one array per step. */
  private static List<double[]> noisyTimes(StepTimeNoise noise, double[] loads, long seed) {
    List<double[]> seen = new ArrayList<>();
    RemapPolicy recorder = new RemapPolicy() {
      @Override
      public RemapDecision onStep(StepTimes times) {
        seen.add(times.toArray());
        return RemapDecision.keep();
      }

      @Override
      public void onRemap(double measuredCost) {}
    };
    StepTimeNoise.Noisy noisy = noise.wrap(recorder, seed);
    for (int t = 0; t < STEPS; t++) {
      noisy.onStep(StepTimes.of(loads));
    }
    return seen;
  }

  private static double deviation(List<double[]> times, int rank, double load) {
    double ss = 0;
    for (double[] t : times) {
      ss += (t[rank] - load) * (t[rank] - load);
    }
    return Math.sqrt(ss / times.size());
  }

  @Test
  void additiveNoiseDeviatesBySigmaTimesTheMeanStepWhateverTheRanksLoad() {
    double[] loads = {2, 10}; // mean 6: σ·6 = 0.3, far from clipping at 0 for either rank
    List<double[]> times = noisyTimes(StepTimeNoise.additive(0.05), loads, 1);
    assertThat(deviation(times, 0, 2)).isCloseTo(0.3, within(0.01));
    assertThat(deviation(times, 1, 10)).isCloseTo(0.3, within(0.01));
    // Multiplicative noise of the same σ deviates in proportion to the load instead.
    List<double[]> mult = noisyTimes(StepTimeNoise.multiplicative(0.05), loads, 1);
    assertThat(deviation(mult, 0, 2)).isCloseTo(0.1, within(0.005));
    assertThat(deviation(mult, 1, 10)).isCloseTo(0.5, within(0.02));
  }

  @Test
  void additiveNoiseIsClippedAtZero() {
    List<double[]> times = noisyTimes(StepTimeNoise.additive(1), new double[] {0, 4}, 2);
    assertThat(times).allMatch(t -> t[0] >= 0 && t[1] >= 0);
    assertThat(times.stream().filter(t -> t[0] == 0).count()).isGreaterThan(STEPS / 3);
  }

  @Test
  void heavyTailedJitterHitsAboutHalfAPercentOfRankStepsByFactorsFromFiveToFifty() {
    double[] loads = new double[16];
    java.util.Arrays.fill(loads, 1);
    List<double[]> times = noisyTimes(StepTimeNoise.heavyTailed(0.005, 5, 50), loads, 3);
    int hits = 0;
    double sum = 0;
    int[] perRank = new int[16];
    int twoInOneStep = 0;
    for (double[] t : times) {
      int here = 0;
      for (int r = 0; r < 16; r++) {
        if (t[r] != 1) {
          assertThat(t[r]).isBetween(5.0, 50.0);
          hits++;
          here++;
          perRank[r]++;
          sum += t[r];
        }
      }
      twoInOneStep += here >= 2 ? 1 : 0;
    }
    // 320,000 rank-steps: 1,600 hits expected, standard deviation 40.
    assertThat(hits).isBetween(1450, 1750);
    assertThat(sum / hits).isCloseTo(27.5, within(1.5)); // uniform on [5, 50]
    assertThat(java.util.Arrays.stream(perRank).min().orElseThrow()).isGreaterThan(50); // every rank, independently
    assertThat(twoInOneStep).isPositive();
  }

  @Test
  void theOlderKindsKeepTheirLabelsAndNumbers() {
    assertThat(StepTimeNoise.none().label()).isEqualTo("none");
    assertThat(StepTimeNoise.multiplicative(0.1).label()).isEqualTo("sigma=0.1");
    assertThat(StepTimeNoise.spikes(0.01, 10).label()).isEqualTo("spikes=0.01x10.0");
    assertThat(StepTimeNoise.additive(0.05).label()).isEqualTo("additive=0.05");
    assertThat(StepTimeNoise.heavyTailed(0.005, 5, 50).label()).isEqualTo("jitter=0.005x5.0-50.0");
    assertThat(StepTimeNoise.additive(0.05)).isEqualTo(StepTimeNoise.additive(0.05))
        .isNotEqualTo(StepTimeNoise.multiplicative(0.05)).hasSameHashCodeAs(StepTimeNoise.additive(0.05));
    // Runs behind the older kinds measure what they measured before the new kinds were added.
    assertThat(ComparisonWorkload.RANDOM_WALK.run(17, StepTimeNoise.multiplicative(0.2), RemapPolicies.never())
        .utilization()).isEqualTo(0.7114500502675188);
    assertThat(ComparisonWorkload.MUM.run(5, StepTimeNoise.spikes(0.01, 10), RemapPolicies.fixedInterval(7)).utilization())
        .isEqualTo(0.7100892857142858);
    assertThat(ComparisonWorkload.LD.run(1020, StepTimeNoise.multiplicative(0.1), RemapPolicies.fixedInterval(20))
        .utilization()).isEqualTo(0.824440991323255);
  }

  @Test
  void badParametersAreRejected() {
    assertThatThrownBy(() -> StepTimeNoise.additive(-0.1)).hasMessageContaining("sigma");
    assertThatThrownBy(() -> StepTimeNoise.heavyTailed(1.5, 5, 50)).hasMessageContaining("rate");
    assertThatThrownBy(() -> StepTimeNoise.heavyTailed(0.1, 0.5, 50)).hasMessageContaining("low");
    assertThatThrownBy(() -> StepTimeNoise.heavyTailed(0.1, 5, 4)).hasMessageContaining("high");
  }
}
