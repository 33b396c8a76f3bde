package org.amrbalance.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

/** What the adaptive trigger keeps: a bounded number of doubles per rank, nothing that grows with the run. */
class AdaptiveFootprintTest {
  /** Steps of drifting, noisy loads on {@code ranks} ranks; remaps when asked (unless {@code never}). */
  private static List<Integer> run(RemapPolicy p, int ranks, int steps, boolean never, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    double[] load = new double[ranks];
    Arrays.fill(load, 1);
    List<Integer> fired = new ArrayList<>();
    for (int s = 1; s <= steps; s++) {
      double[] t = new double[ranks];
      for (int r = 0; r < ranks; r++) {
        load[r] = Math.max(0.1, load[r] + 0.01 * (rnd.nextDouble() - 0.45));
        t[r] = load[r] * (1 + 0.1 * rnd.nextGaussian());
      }
      if (p.onStep(StepTimes.of(t)).shouldRemap() && !never) {
        fired.add(s);
        p.onRemap(0.5);
        Arrays.fill(load, 1);
      }
    }
    return fired;
  }

  @Test
  void theSavedStateHoldsAtMostSixteenDoublesPerRankAndDoesNotGrowWithTheRun() {
    for (int ranks : new int[] {256, 1024}) {
      Adaptive shortRun = new Adaptive();
      run(shortRun, ranks, 300, false, 1);
      Adaptive longRun = new Adaptive();
      run(longRun, ranks, 1500, true, 1); // one interval of 1,500 steps: nothing may be kept per step
      for (Adaptive a : List.of(shortRun, longRun)) {
        // O(1) part: the fit's sample (32 ranks x 5) and its intervals (at most 400 x 5), and a few scalars.
        assertThat(a.saveState().length).as(ranks + " ranks").isLessThan(16 * 8 * ranks + 8 * (32 * 5 + 400 * 5) + 1024);
      }
    }
  }

  @Test
  void twoRanksFedTheSameTimesReachTheSameDecisions() {
    List<Integer> a = run(new Adaptive(), 64, 800, false, 5);
    List<Integer> b = run(new Adaptive(), 64, 800, false, 5);
    assertThat(a).isNotEmpty().isEqualTo(b);
  }
}
