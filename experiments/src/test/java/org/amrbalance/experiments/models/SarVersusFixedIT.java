package org.amrbalance.experiments.models;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Seed 000 Figure 4 at full size: N = 8, L = 19, p = 0.5, 400 steps, 2000 paths shared by every policy, m = 1..50. */
class SarVersusFixedIT {

  @Test
  void sarIsAtLeastTheBestFixedIntervalAndItsIntervalIsNearNHat() {
    MumModel model = MumModel.of(8, 19, 0.5);
    for (double c : new double[] {2, 8}) {
      SarVersusFixed.Result r = SarVersusFixed.run(model, 400, c, 2000, 50, 2026);
      System.out.println("Figure 4, " + r.toJson());
      // At least the best fixed interval, by more than three standard errors of the paired difference.
      assertThat(r.differenceMean()).as("C=%s", c).isGreaterThan(3 * r.differenceStandardError());
      assertThat(r.sarUtilization()).isGreaterThan(r.bestFixedUtilization());
      assertThat(r.sarUtilization()).isGreaterThan(r.neverUtilization() + 0.1);
      // The best m is interior (the scan range is wide enough) and SAR's mean interval is within ±30% of n̂.
      assertThat(r.bestInterval()).isBetween(2, 49);
      assertThat(r.exactMinimiser()).isPositive();
      assertThat(r.sarMeanInterval()).isBetween(0.7 * r.exactMinimiser(), 1.3 * r.exactMinimiser());
    }
  }
}
