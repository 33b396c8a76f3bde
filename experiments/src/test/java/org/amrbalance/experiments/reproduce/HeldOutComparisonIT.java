package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.amrbalance.experiments.models.ComparisonWorkload;
import org.amrbalance.experiments.models.PairedDifference;
import org.amrbalance.experiments.models.StepTimeNoise;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The comparison's hardest rows, LD and the random walk behind 20% multiplicative noise, on the held-out seeds no
 * constant was chosen on: the adaptive trigger is not below Stop-At-Rise by more than {@link TriggerComparison#SAR_MARGIN}
 * and not below the best fixed interval in hindsight (chosen on these same replicates) by more than
 * {@link #BELOW_BEST_FIXED}. The stricter reading, not below it beyond the paired interval's half-width (about 0.0002
 * at 500 replicates), does not hold on these two rows for the trigger that learns from the run alone (−0.0005 and
 * −0.0003, docs/triggers.md; −0.0007 and −0.0004 before the early refits, whose gain the bound below keeps). It does
 * hold for the trigger started from the load model it learned in an earlier run of the row (the row's own seeds, no
 * held-out one), which this test checks: what the run alone loses there is the model it has yet to learn.
 */
class HeldOutComparisonIT {
  /** The held-out set of the report; a smaller one would widen the interval the criterion allows. */
  private static final int REPLICATES = 500;
  /**
   * The fixed intervals searched per row: the rows' best lie well inside (LD m = 16, the random walk m = 40 in
   * docs/triggers.md' held-out table), and the test checks that the best is not at an end, so it is the best of the
   * report's whole range at less than half the runs.
   */
  private static final int[] LD_INTERVALS = {12, 13, 14, 15, 16, 18, 20};
  private static final int[] RANDOM_WALK_INTERVALS = {32, 36, 40, 45, 50};
  /** Utilization the adaptive trigger may lose to the best fixed interval in hindsight on these rows. */
  private static final double BELOW_BEST_FIXED = 0.0008;

  @Test
  void underTwentyPercentNoiseTheAdaptiveTriggerStaysNearTheBestFixedIntervalAndWithAnEarlierRunsModelReachesIt() {
    List<TriggerComparison.Row> hardest = TriggerComparison.tuningRows().stream()
        .filter(r -> r.workload() == ComparisonWorkload.LD || r.workload() == ComparisonWorkload.RANDOM_WALK)
        .filter(r -> r.noise().equals(StepTimeNoise.multiplicative(0.2))).toList();
    assertThat(hardest).hasSize(2);
    // Both rows are run and reported before the test fails.
    SoftAssertions soft = new SoftAssertions();
    for (TriggerComparison.Row row : hardest) {
      int[] intervals = row.workload() == ComparisonWorkload.LD ? LD_INTERVALS : RANDOM_WALK_INTERVALS;
      TriggerComparison.HeldOut h = TriggerComparison.heldOut(row, REPLICATES, row.heldOutSeed(), intervals);
      PairedDifference best = h.versusBestFixed();
      PairedDifference sar = h.versusStopAtRise();
      PairedDifference carried = h.carriedVersusBestFixed();
      String what = String.format(java.util.Locale.ROOT, "%s %s, %d held-out replicates from seed %d: adaptive − "
          + "best fixed (m = %d) %s, adaptive − stop-at-rise %s, carried − best fixed %s, carried − stop-at-rise %s",
          row.workload().label(), row.noise().label(), h.replicates(), h.firstSeed(), h.bestInterval(), best, sar,
          carried, h.carriedVersusStopAtRise());
      System.out.println("held-out " + what);
      soft.assertThat(h.bestInterval()).as(what + ": the best interval is inside the searched range")
          .isStrictlyBetween(intervals[0], intervals[intervals.length - 1]);
      soft.assertThat(best.mean()).as(what).isGreaterThanOrEqualTo(-BELOW_BEST_FIXED);
      soft.assertThat(sar.mean()).as(what).isGreaterThanOrEqualTo(-TriggerComparison.SAR_MARGIN);
      soft.assertThat(carried.mean()).as(what + ": carried, within the paired interval")
          .isGreaterThanOrEqualTo(-carried.halfWidth());
      soft.assertThat(h.carriedHolds()).as(what + ": carried, the comparison's verdict").isTrue();
    }
    soft.assertAll();
  }
}
