package org.amrbalance.mesh.runtime;

import java.util.List;
import javax.annotation.Nullable;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.mesh.grid.Migrated;
import org.amrbalance.mesh.laplace.LaplaceAmr;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.CorruptPayloadException;
import org.amrbalance.mesh.mpi.ExchangeTimeoutException;
import org.amrbalance.spi.AmrHost;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Piece;

/**
 * The Laplace solver on one rank, seen by that rank's balancing service. The host has no assignment until the
 * solver's first hierarchy is complete ({@link #bind}), so the service's balancer places all of it and the run starts
 * balanced; later hierarchies are placed by the service's placement policy from where the data is.
 *
 * <p>{@link #migrate} is collective: every rank checks that all ranks chose the same assignment, then exactly the
 * plan's transfers are packed, sent as checksummed payloads and unpacked on their new rank (cells that stay are
 * copied in place), and this rank's time is returned; {@link #agreedCost} is the one agreement of a remap's cost.
 */
final class DistributedHost implements AmrHost {
  private final Communicator comm;
  private final Machine machine;
  private final PayloadExchange exchange;
  @Nullable private LaplaceAmr solver;
  private MigrationObserver observer = (plan, moved) -> {};
  private boolean deferFailures;
  private long migratedCells;
  private long migratedBytes;
  private double migrationSeconds;

  /** Hears each migration on this rank, before it starts and what it executed; for tests that count. */
  @FunctionalInterface
  interface MigrationObserver {
    default void migrating(MigrationPlan plan) {}

    void executed(MigrationPlan plan, Migrated moved);
  }

  DistributedHost(Communicator comm, PayloadExchange exchange) {
    this.comm = comm;
    this.machine = Machine.fullyConnected(comm.size());
    this.exchange = exchange;
  }

  /** The solver, once its first hierarchy is complete: from now on the host has an assignment. */
  void bind(LaplaceAmr s) {
    solver = s;
  }

  void observe(MigrationObserver o) {
    observer = o;
  }

  /**
   * True: a failed remap on any rank restores every rank's grids and throws {@link RemapFailedException} on
   * every rank (the run can go on); false (the default): the rank where it failed restores and throws alone.
   */
  void recoverFailedRemaps(boolean on) {
    deferFailures = on;
  }

  private LaplaceAmr solver() {
    if (solver == null) {
      throw new IllegalStateException("the solver's first hierarchy is not complete yet");
    }
    return solver;
  }

  @Override
  public Hierarchy hierarchy() {
    return solver().hierarchy();
  }

  @Override
  public Machine machine() {
    return machine;
  }

  @Override
  @Nullable
  public Assignment currentAssignment() {
    return solver == null ? null : solver.assignment();
  }

  /** The slowest rank's cost: every rank's service calls this at the same point of a remap (a collective). */
  @Override
  public double agreedCost(double localSeconds) {
    return comm.allReduceMax(localSeconds);
  }

  @Override
  public double migrate(MigrationPlan plan) {
    if (plan == null) {
      throw new IllegalArgumentException("plan = null: must not be null");
    }
    LaplaceAmr s = solver();
    observer.migrating(plan);
    long start = System.nanoTime();
    Assignment target = plan.target();
    List<Long> fingerprints = comm.allGather(fingerprint(target));
    for (int r = 0; r < fingerprints.size(); r++) {
      if (!fingerprints.get(r).equals(fingerprints.get(0))) {
        throw new IllegalStateException("rank " + r + " chose another assignment than rank 0 (fingerprint "
            + Long.toHexString(fingerprints.get(r)) + " vs " + Long.toHexString(fingerprints.get(0))
            + "): the balancer is not deterministic, and the ranks would disagree on where the grids are");
      }
    }
    Migrated moved = Migrated.NONE;
    if (!target.equals(s.assignment())) {
      moved = deferFailures ? migrateAgreeingOnFailure(s, plan) : migrateAlone(s, plan);
      migratedCells += plan.cells();
      migratedBytes += plan.bytes();
    }
    observer.executed(plan, moved);
    double seconds = (System.nanoTime() - start) / 1e9;
    migrationSeconds += seconds;
    return seconds;
  }

  /** Every rank finishes the moves whatever fails, then all agree: restore everywhere or nowhere. */
  private Migrated migrateAgreeingOnFailure(LaplaceAmr s, MigrationPlan plan) {
    GridHierarchy.State before = s.grids().state();
    Migrated moved = null;
    String failure = null;
    exchange.beginRemap(true);
    try {
      moved = s.migrate(plan);
    } catch (RuntimeException e) {
      failure = "rank " + comm.rank() + ": " + e;
    } finally {
      String f = exchange.endRemap();
      failure = failure != null ? failure : f;
    }
    List<String> all = comm.allGather(failure == null ? "" : failure);
    // Every rank is past this remap's exchanges: whatever a rank gave up waiting for has been sent by now.
    comm.completeLateMessages();
    StringBuilder why = new StringBuilder();
    for (String one : all) {
      if (!one.isEmpty()) {
        why.append(why.length() == 0 ? "" : "; ").append(one);
      }
    }
    if (why.length() > 0) {
      s.grids().restore(before);
      throw new RemapFailedException("remap failed, every rank keeps its grids (" + plan + "): " + why);
    }
    return moved;
  }

  /** A failure ends the run on the rank where it happened, which keeps its grids as they were. */
  private Migrated migrateAlone(LaplaceAmr s, MigrationPlan plan) {
    GridHierarchy.State before = s.grids().state();
    exchange.beginRemap(false);
    try {
      return s.migrate(plan);
    } catch (CorruptPayloadException e) {
      s.grids().restore(before);
      throw new IllegalStateException("migration to rank " + e.destination() + " failed, grid data damaged"
          + " in transit (" + plan + "): " + e.getMessage(), e);
    } catch (ExchangeTimeoutException e) {
      // Without agreement the others cannot be told; the run ends here rather than wait for ever.
      s.grids().restore(before);
      throw new IllegalStateException("migration on rank " + e.rank() + " gave up waiting (" + plan + "): "
          + e.getMessage(), e);
    } finally {
      exchange.endRemap();
    }
  }

  /** A hash of the pieces (patch, box, rank) in order: equal assignments, equal fingerprints. */
  static long fingerprint(Assignment a) {
    long h = 1125899906842597L;
    for (Piece p : a.pieces()) {
      h = 31 * h + p.patchId();
      h = 31 * h + p.box().hashCode();
      h = 31 * h + p.rank();
    }
    return 31 * h + a.hierarchy().hashCode();
  }

  long migratedCells() {
    return migratedCells;
  }

  long migratedBytes() {
    return migratedBytes;
  }

  double migrationSeconds() {
    return migrationSeconds;
  }
}
