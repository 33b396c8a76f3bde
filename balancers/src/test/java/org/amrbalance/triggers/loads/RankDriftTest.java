package org.amrbalance.triggers.loads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RankDriftTest {
  private static RankDrift learn(boolean repeats, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int ranks = 16;
    RankDrift drift = new RankDrift(ranks);
    for (int interval = 0; interval < 8; interval++) {
      double[] sumY = new double[ranks];
      double[] sumKy = new double[ranks];
      for (int i = 0; i < ranks; i++) {
        double slope = repeats ? 0.002 * (i - 7.5) : 0.002 * 4.6 * rnd.nextGaussian();
        for (int k = 1; k <= 15; k++) {
          double y = slope * k + 0.05 * rnd.nextGaussian();
          sumY[i] += y;
          sumKy[i] += k * y;
        }
      }
      drift.add(15, sumY, sumKy);
    }
    return drift;
  }

  @Test
  void aDriftThatRepeatsAfterEveryRemapIsKept() {
    RankDrift d = learn(true, 1);
    assertThat(d.ready()).isTrue();
    double[] slopes = new double[16];
    assertThat(d.shrinkInto(new double[16], slopes)).isGreaterThan(0.8); // the slopes' weight
    assertThat(slopes[15]).isCloseTo(0.002 * 7.5, within(0.004));
    assertThat(slopes[0]).isCloseTo(-0.002 * 7.5, within(0.004));
  }

  @Test
  void aDriftDrawnAnewAtEachRemapIsShrunkAway() {
    RankDrift d = learn(false, 2);
    assertThat(d.shrinkInto(new double[16], new double[16])).isLessThan(0.3);
  }

  @Test
  void shortIntervalsAreIgnored() {
    RankDrift d = new RankDrift(2);
    d.add(3, new double[] {1, 1}, new double[] {2, 2});
    d.add(3, new double[] {1, 1}, new double[] {2, 2});
    assertThat(d.ready()).isFalse();
  }
}
