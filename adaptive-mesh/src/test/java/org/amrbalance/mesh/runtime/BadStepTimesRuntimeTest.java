package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.junit.jupiter.api.Test;

/** A rank whose step time is missing (NaN) in the distributed run: the run stops clearly, or skips the step. */
class BadStepTimesRuntimeTest {
  private static final RunOptions RUN = RunOptions.defaults().withSteps(8).withLmax(2).withSweepsPerStep(4)
      .withTrigger("fixed-interval").withSetting("amrbalance.fixed-interval.m", "3");

  private record Outcome(Snapshot solution, List<Long> remaps, long skipped) {}

  /** Rank 1 reports NaN after the steps in {@code missing}. */
  private static List<Outcome> run(RunOptions o, Set<Integer> missing) {
    return ThreadCollectives.run(3, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), o);
      if (c.rank() == 1) {
        run.filterStepTimes(t -> missing.contains(run.stepsTaken()) ? Double.NaN : t);
      }
      while (run.stepsTaken() < o.steps()) {
        run.step();
      }
      return new Outcome(run.snapshot(0), run.remaps().stream().map(DistributedLaplace.Remap::step).toList(),
          run.skippedSteps());
    });
  }

  @Test
  void skippedStepsAreNotToldToTheTriggerAndTheRunGoesOn() {
    List<Outcome> clean = run(RUN, Set.of());
    assertThat(clean.get(0).remaps()).containsExactly(3L, 6L);
    List<Outcome> skipping = run(RUN.withSetting("amrbalance.service.bad-step-times", "skip"), Set.of(2, 5));
    for (Outcome o : skipping) {
      assertThat(o.skipped()).isEqualTo(2);
      // fixed-interval counts the good steps only: 1, 3, 4 (remap), then 6, 7.
      assertThat(o.remaps()).containsExactly(4L);
    }
    assertThat(skipping.get(0).solution().maxDifference(clean.get(0).solution())).isZero();
  }

  @Test
  void byDefaultAMissingTimeStopsEveryRankNamingTheStepAndRank() {
    assertThatThrownBy(() -> run(RUN, Set.of(2))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("step 2: times[1] = NaN");
  }
}
