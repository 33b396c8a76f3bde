package org.amrbalance.experiments.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Seed 004 §2.1 / spec §8: the printed costs 1099, 2098/100 and 10090/100, for every base b. */
class PeriodicCounterexampleTest {

  @Test
  void reproducesThePrintedMaximumLoadsForEveryBase() {
    for (int b = 0; b < 100; b++) {
      assertThat(PeriodicCounterexample.loads(b, 10)).containsOnly(1099);
      double[] twenty = PeriodicCounterexample.loads(b, 20);
      assertThat(Arrays.stream(twenty).filter(l -> l == 2098).count()).isEqualTo(5);
      assertThat(Arrays.stream(twenty).filter(l -> l == 100).count()).isEqualTo(5);
      double[] pointwise = PeriodicCounterexample.loads(b, 1000);
      assertThat(pointwise[b % 10]).isEqualTo(10090);
      assertThat(Arrays.stream(pointwise).filter(l -> l == 100).count()).isEqualTo(9);
      // A coarser granularity wins.
      assertThat(PeriodicCounterexample.maxLoad(b, 10)).isLessThan(PeriodicCounterexample.maxLoad(b, 20));
      assertThat(PeriodicCounterexample.maxLoad(b, 20)).isLessThan(PeriodicCounterexample.maxLoad(b, 1000));
    }
  }
}
