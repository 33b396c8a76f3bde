package org.amrbalance.mesh.runtime;

import java.util.List;
import org.amrbalance.mesh.grid.GridHierarchy;
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
 * The Laplace solver on one rank, seen by that rank's balancing service. {@link #migrate} is collective: every
 * rank checks that all ranks chose the same assignment, then the pieces that change rank are packed, sent as
 * checksummed payloads and unpacked on their new rank (cells that stay are copied in place), and the time it took
 * is returned as its maximum over the ranks.
 */
final class DistributedHost implements AmrHost {
  private final LaplaceAmr solver;
  private final Communicator comm;
  private long migratedCells;
  private long migratedBytes;
  private double migrationSeconds;

  private final PayloadExchange exchange;
  private boolean deferFailures;

  DistributedHost(LaplaceAmr solver, Communicator comm, PayloadExchange exchange) {
    this.solver = solver;
    this.comm = comm;
    this.exchange = exchange;
  }

  /**
   * True: a failed remap on any rank restores every rank's grids and throws {@link RemapFailedException} on
   * every rank (the run can go on); false (the default): the rank where it failed restores and throws alone.
   */
  void recoverFailedRemaps(boolean on) {
    deferFailures = on;
  }

  @Override
  public Hierarchy hierarchy() {
    return solver.hierarchy();
  }

  @Override
  public Machine machine() {
    return solver.machine();
  }

  @Override
  public Assignment currentAssignment() {
    return solver.assignment();
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
    if (!target.equals(solver.assignment())) {
      GridHierarchy.State before = solver.grids().state();
      String failure = null;
      if (deferFailures) {
        // Every rank finishes the moves whatever fails, then all agree: restore everywhere or nowhere.
        exchange.beginRemap(true);
        try {
          solver.applyAssignment(target);
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
        for (String s : all) {
          if (!s.isEmpty()) {
            why.append(why.length() == 0 ? "" : "; ").append(s);
          }
        }
        if (why.length() > 0) {
          solver.grids().restore(before);
          throw new RemapFailedException("remap failed, every rank keeps its grids (" + plan + "): " + why);
        }
      } else {
        exchange.beginRemap(false);
        try {
          solver.applyAssignment(target);
        } catch (CorruptPayloadException e) {
          solver.grids().restore(before);
          throw new IllegalStateException("migration to rank " + e.destination() + " failed, grid data damaged"
              + " in transit (" + plan + "): " + e.getMessage(), e);
        } catch (ExchangeTimeoutException e) {
          // Without agreement the others cannot be told; the run ends here rather than wait for ever.
          solver.grids().restore(before);
          throw new IllegalStateException("migration on rank " + e.rank() + " gave up waiting (" + plan + "): "
              + e.getMessage(), e);
        } finally {
          exchange.endRemap();
        }
      }
      migratedCells += plan.cells();
      migratedBytes += plan.bytes();
    }
    double seconds = comm.allReduceMax((System.nanoTime() - start) / 1e9);
    // Sends of this remap that their receivers had not taken when an exchange returned.
    comm.completeLateMessages();
    migrationSeconds += seconds;
    return seconds;
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
