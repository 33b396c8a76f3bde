package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.WireFilter;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Piece;
import org.junit.jupiter.api.Test;

/** The distributed runtime with ranks as threads ({@link ThreadCollectives}), no MPJ Express needed. */
class DistributedLaplaceIT {
  static final RunOptions SHORT = RunOptions.defaults().withSteps(4).withLmax(2).withSweepsPerStep(4)
      .withCheckEvery(2);

  /** Snapshots after the static solve and after every checked step, on rank 0. */
  static List<Snapshot> run(int ranks, RunOptions o) {
    return ThreadCollectives.run(ranks, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), o);
      List<Snapshot> out = new ArrayList<>();
      out.add(run.snapshot(0));
      for (int s = 1; s <= o.steps(); s++) {
        run.step();
        if (o.checks(s)) {
          out.add(run.snapshot(0));
        }
      }
      return out;
    }).get(0);
  }

  @Test
  void everyBalancerOnThreeRanksGivesTheOneRankSolution() {
    List<Snapshot> reference = run(1, SHORT.withTrigger("every-regrid"));
    for (String balancer : BalancingModules.balancerNames()) {
      List<Snapshot> three = run(3, SHORT.withBalancer(balancer).withTrigger("every-regrid"));
      assertThat(three).hasSameSizeAs(reference);
      for (int k = 0; k < reference.size(); k++) {
        assertThat(three.get(k).maxDifference(reference.get(k))).as("%s, check %d", balancer, k).isLessThan(1e-12);
      }
    }
  }

  @Test
  void aRemapMovesEveryPieceAndKeepsEveryPatchBitIdentical() {
    ThreadCollectives.run(3, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c),
          SHORT.withBalancer("round-robin").withTrigger("never"));
      run.step();
      Snapshot before = run.snapshot(0);
      long moved = 0;
      for (int shift = 1; shift <= 2; shift++) {
        Assignment a = run.solver().assignment();
        List<Piece> rotated = new ArrayList<>();
        for (Piece p : a.pieces()) {
          rotated.add(Piece.of(p.patchId(), p.box(), (p.rank() + 1) % 3));
        }
        Assignment next = Assignment.of(a.hierarchy(), 3, rotated);
        moved += org.amrbalance.spi.MigrationPlan.between(a, next).cells();
        run.migrateTo(next);
        assertThat(run.solver().assignment()).isEqualTo(next);
      }
      assertThat(moved).as("every cell moved twice").isEqualTo(2 * run.solver().hierarchy().totalCells());
      Snapshot after = run.snapshot(0);
      if (c.rank() == 0) {
        assertThat(after.checksums()).hasSize(run.solver().hierarchy().patchCount()).isEqualTo(before.checksums());
        assertThat(after.maxDifference(before)).isZero();
      }
      return null;
    });
  }

  @Test
  void aDamagedMigrationIsAClearErrorAndTheRankKeepsItsData() {
    AtomicBoolean damage = new AtomicBoolean();
    WireFilter flip = WireFilter.flipLastByteTo(1);
    List<Throwable> errors = ThreadCollectives.run(2, c -> {
      Communicator comm = CollectiveCommunicator.over(c,
          (to, frames) -> damage.get() && c.rank() == 0 ? flip.apply(to, frames) : frames);
      // Level 0 only: a migration is one exchange, so the undamaged rank is not left waiting in another.
      DistributedLaplace run = DistributedLaplace.start(comm, SHORT.withLmax(0).withBalancer("round-robin")
          .withTrigger("never"));
      Assignment a = run.solver().assignment();
      List<Piece> swapped = new ArrayList<>();
      for (Piece p : a.pieces()) {
        swapped.add(Piece.of(p.patchId(), p.box(), 1 - p.rank()));
      }
      c.barrier();
      damage.set(true);
      c.barrier();
      try {
        run.migrateTo(Assignment.of(a.hierarchy(), 2, swapped));
        return null;
      } catch (IllegalStateException e) {
        assertThat(run.solver().assignment()).isEqualTo(a);
        return e;
      }
    });
    assertThat(errors.get(0)).isNull();
    assertThat(errors.get(1)).hasMessageContaining("migration to rank 1 failed, grid data damaged in transit")
        .hasMessageContaining("from rank 0 to rank 1: CRC32 mismatch");
  }

  @Test
  void unknownNamesListTheKnownOnes() {
    assertThatThrownBy(() -> run(1, SHORT.withBalancer("no-such")))
        .hasStackTraceContaining("unknown balancer; known: [")
        .hasStackTraceContaining("knapsack");
    assertThatThrownBy(() -> run(1, SHORT.withTrigger("no-such")))
        .hasStackTraceContaining("unknown trigger; known: [")
        .hasStackTraceContaining("stop-at-rise");
  }

  /** Each rank measures its own balancing time; the trigger on every rank must learn the same (slowest) cost. */
  @Test
  void everyRanksTriggerLearnsTheSameRemapCost() {
    RunOptions o = SHORT.withSteps(5).withTrigger("fixed-interval").withSetting("amrbalance.fixed-interval.m", "2");
    List<List<Double>> costs = ThreadCollectives.run(3, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), o);
      while (run.stepsTaken() < o.steps()) {
        run.step();
      }
      return run.remaps().stream().map(DistributedLaplace.Remap::cost).toList();
    });
    assertThat(costs.get(0)).hasSize(2).allSatisfy(cost -> assertThat(cost).isPositive());
    assertThat(costs.get(1)).isEqualTo(costs.get(0));
    assertThat(costs.get(2)).isEqualTo(costs.get(0));
  }
}
