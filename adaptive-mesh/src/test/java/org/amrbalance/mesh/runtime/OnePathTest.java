package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.grid.Migrated;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.service.BalancingListener;
import org.amrbalance.config.Placement;
import org.amrbalance.service.RemapEvent;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Transfer;
import org.amrbalance.spi.parallel.Collectives;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.junit.jupiter.api.Test;

/**
 * One path from the service to the data, counted on thread ranks: one plan per remap, measured, executed as it
 * says and agreed once; and regrids that are not remaps place their levels without the balancer.
 */
class OnePathTest {
  static final int RANKS = 3;
  static final RunOptions RUN = RunOptions.defaults().withSteps(6).withLmax(2).withSweepsPerStep(4)
      .withBalancer("knapsack");

  /** A rank's group that counts its max-reductions (the agreement of a remap's cost is one). */
  static final class CountingCollectives implements Collectives {
    final Collectives inner;
    final AtomicInteger reductions = new AtomicInteger();

    CountingCollectives(Collectives inner) {
      this.inner = inner;
    }

    @Override
    public int rank() {
      return inner.rank();
    }

    @Override
    public int size() {
      return inner.size();
    }

    @Override
    public <T extends Serializable> List<T> allGather(T value) {
      return inner.allGather(value);
    }

    @Override
    public <T extends Serializable> List<List<T>> allToAll(List<List<T>> outgoing) {
      return inner.allToAll(outgoing);
    }

    @Override
    public double allReduceMax(double value) {
      reductions.incrementAndGet();
      return inner.allReduceMax(value);
    }
  }

  /** A balancer that counts its calls. */
  static final class CountingBalancer implements LoadBalancer {
    final LoadBalancer inner;
    int calls;

    CountingBalancer(LoadBalancer inner) {
      this.inner = inner;
    }

    @Override
    public Assignment balance(BalanceProblem problem) {
      calls++;
      return inner.balance(problem);
    }
  }

  /** What one rank saw of one remap. */
  record Seen(int plansExecuted, boolean sameObject, boolean measuredOnIt, int reductionsInMigrate,
      int reductionsUntilEvent, int sent, int sentByPlan, long cellsSent, long cellsSentByPlan, int received,
      int receivedByPlan, long cellsReceived, long cellsReceivedByPlan, int transfers) {}

  private static long cells(List<Transfer> transfers) {
    return transfers.stream().mapToLong(Transfer::cells).sum();
  }

  @Test
  void everyRemapHasOnePlanThatIsMeasuredExecutedAsItSaysAndAgreedOnce() {
    RunOptions o = RUN.withTrigger("every-regrid");
    List<List<Seen>> all = ThreadCollectives.run(RANKS, c -> {
      CountingCollectives group = new CountingCollectives(c);
      int rank = c.rank();
      List<Seen> seen = new ArrayList<>();
      List<MigrationPlan> executed = new ArrayList<>();
      List<Migrated> moves = new ArrayList<>();
      int[] reductionsAtStart = new int[1];
      int[] reductionsAtEnd = new int[1];
      DistributedHost.MigrationObserver observer = new DistributedHost.MigrationObserver() {
        @Override
        public void migrating(MigrationPlan plan) {
          reductionsAtStart[0] = group.reductions.get();
        }

        @Override
        public void executed(MigrationPlan plan, Migrated moved) {
          executed.add(plan);
          moves.add(moved);
          reductionsAtEnd[0] = group.reductions.get();
        }
      };
      BalancingListener probe = new BalancingListener() {
        @Override
        public void onRemap(RemapEvent e) {
          MigrationPlan plan = e.plan();
          MigrationPlan ran = executed.isEmpty() ? null : executed.get(executed.size() - 1);
          Migrated moved = moves.isEmpty() ? Migrated.NONE : moves.get(moves.size() - 1);
          BalanceReport again = BalanceReport.of(BalanceProblem.of(plan.target().hierarchy(),
              Machine.fullyConnected(RANKS)).withPrevious(plan.source()), plan);
          boolean measured = again.toString().equals(e.after().toString())
              && e.after().migratedPieces() == plan.transfers().size()
              && e.after().migratedBytes() == plan.bytes();
          seen.add(new Seen(executed.size(), ran == plan, measured, reductionsAtEnd[0] - reductionsAtStart[0],
              group.reductions.get() - reductionsAtStart[0], moved.transfersSent(), plan.sentBy(rank).size(),
              moved.cellsSent(), cells(plan.sentBy(rank)), moved.transfersReceived(), plan.receivedBy(rank).size(),
              moved.cellsReceived(), cells(plan.receivedBy(rank)), plan.transfers().size()));
          executed.clear();
          moves.clear();
        }
      };
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(group), o, null, probe,
          observer);
      while (run.stepsTaken() < o.steps()) {
        run.step();
      }
      assertThat(seen).hasSize(run.remaps().size());
      return seen;
    });
    assertThat(all.get(0)).as("remaps: the first placement and every regrid's").hasSizeGreaterThan(2);
    assertThat(all.get(0).stream().mapToInt(Seen::transfers).sum()).as("some remap moved data").isPositive();
    for (int rank = 0; rank < RANKS; rank++) {
      assertThat(all.get(rank)).hasSameSizeAs(all.get(0));
      for (Seen s : all.get(rank)) {
        assertThat(s.plansExecuted()).as("plans the host executed in this remap").isEqualTo(1);
        assertThat(s.sameObject()).as("the event's plan is the one the host executed").isTrue();
        assertThat(s.measuredOnIt()).as("after = BalanceReport.of(problem, plan)").isTrue();
        assertThat(s.reductionsInMigrate()).as("reductions inside migrate").isZero();
        assertThat(s.reductionsUntilEvent()).as("the cost agreed once").isEqualTo(1);
        assertThat(s.sent()).isEqualTo(s.sentByPlan());
        assertThat(s.cellsSent()).isEqualTo(s.cellsSentByPlan());
        assertThat(s.received()).isEqualTo(s.receivedByPlan());
        assertThat(s.cellsReceived()).isEqualTo(s.cellsReceivedByPlan());
      }
    }
  }

  @Test
  void aRegridThatIsNotARemapPlacesEachNewLevelOnceWithoutTheBalancer() {
    RunOptions o = RUN.withTrigger("never");
    List<Boolean> ok = ThreadCollectives.run(RANKS, c -> {
      Injector configured = Guice.createInjector(BalancingModules.fromMap(o.configuration(),
          OnePathTest.class.getClassLoader()));
      CountingBalancer balancer = new CountingBalancer(configured.getInstance(LoadBalancer.class));
      CountingBalancer placement = new CountingBalancer(
          configured.getInstance(Key.get(LoadBalancer.class, Placement.class)));
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), o, binder -> {
        binder.bind(LoadBalancer.class).toInstance(balancer);
        binder.bind(LoadBalancer.class).annotatedWith(Placement.class).toInstance(placement);
      }, null, (plan, moved) -> {});
      int levels = run.solver().hierarchy().levelCount();
      assertThat(levels - 1).as("the example refines to Lmax").isEqualTo(o.lmax());
      // The first hierarchy is the balancer's, level by level; the trigger kept it.
      assertThat(balancer.calls).isEqualTo(levels);
      assertThat(placement.calls).isZero();
      int regrids = 0;
      while (run.stepsTaken() < o.steps()) {
        int balanced = balancer.calls;
        int placed = placement.calls;
        DistributedLaplace.StepReport r = run.step();
        assertThat(balancer.calls).as("step %d", r.step()).isEqualTo(balanced);
        int newLevels = run.solver().hierarchy().levelCount() - 1;
        assertThat(newLevels).isEqualTo(o.lmax());
        assertThat(placement.calls - placed).as("step %d", r.step()).isEqualTo(r.regridded() ? newLevels : 0);
        regrids += r.regridded() ? 1 : 0;
      }
      assertThat(run.remaps()).isEmpty();
      assertThat(regrids).isPositive();
      return true;
    });
    assertThat(ok).containsOnly(true);
  }
}
