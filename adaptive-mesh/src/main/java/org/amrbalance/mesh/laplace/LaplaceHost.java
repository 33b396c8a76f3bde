package org.amrbalance.mesh.laplace;

import javax.annotation.Nullable;
import org.amrbalance.spi.AmrHost;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.CostModel;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.spi.StepTimes;

/**
 * The Laplace solver seen through the SPI: it describes its grid tree as a {@link Hierarchy} (each patch's
 * work is its cells times the sweeps per step) and carries out the migration plans of a balancing service.
 */
public final class LaplaceHost implements AmrHost {
  private final LaplaceAmr solver;
  private final CostModel costModel;

  private LaplaceHost(LaplaceAmr solver, CostModel costModel) {
    this.solver = solver;
    this.costModel = costModel;
  }

  public static LaplaceHost of(LaplaceAmr solver) {
    return of(solver, CostModel.unit());
  }

  public static LaplaceHost of(LaplaceAmr solver, CostModel costModel) {
    if (solver == null || costModel == null) {
      throw new IllegalArgumentException("solver, costModel = null: must not be null");
    }
    return new LaplaceHost(solver, costModel);
  }

  public LaplaceAmr solver() {
    return solver;
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
  public CostModel costModel() {
    return costModel;
  }

  @Override
  public Assignment currentAssignment() {
    return solver.assignment();
  }

  /**
   * Executes exactly {@code plan}'s transfers (cells that stay on their rank are copied) and returns the seconds it
   * took on this process.
   */
  @Override
  public double migrate(MigrationPlan plan) {
    long start = System.nanoTime();
    solver.migrate(plan);
    return (System.nanoTime() - start) / 1e9;
  }

  /** The slowest process's cost, so that the triggers of all processes learn the same one. */
  @Override
  public double agreedCost(double localSeconds) {
    return solver.grids().exchange().maxAll(localSeconds);
  }

  /** The measured relaxation seconds of each rank in the last outer step; null before the first. */
  @Nullable
  public StepTimes measuredStepTimes() {
    return solver.lastStepTimes();
  }

  /**
   * The work of one outer step per rank, in the cost model's units: {@code U_comp} times the work of the
   * pieces each rank holds. A deterministic stand-in for measured times, identical on every rank.
   */
  public StepTimes modelledStepTimes() {
    Assignment a = solver.assignment();
    double[] t = new double[a.ranks()];
    for (Piece piece : a.pieces()) {
      Patch p = a.hierarchy().patch(piece.patchId());
      t[piece.rank()] += costModel.computePerPoint() * p.workDensity() * piece.box().volume();
    }
    return StepTimes.of(t);
  }
}
