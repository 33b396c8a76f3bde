package org.amrbalance.mesh.laplace;

import java.util.ArrayList;
import java.util.Map;
import javax.annotation.Nullable;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.mesh.grid.Migrated;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.StepTimes;

/**
 * Laplace's equation on the unit-width rectangle with Dirichlet data from a {@link HarmonicFunction}, solved
 * on a Berger–Oliger hierarchy: what a host calls. The jobs are done by their own classes: building the first
 * hierarchy ({@link InitialHierarchy}), relaxation and FAS V-cycles ({@link FasCycle}), regridding
 * ({@link Regridder}) and restarting from saved values ({@link Restart}); every hierarchy they build is placed by
 * the {@link GridPlacement} the solver was built with.
 *
 * <p>{@link #solve()} builds the hierarchy level by level (solve, project, flag, cluster, create the next level).
 * The one-pass loop leaves the level-0 error near the feature in the data the fine levels get at their boundaries,
 * so composite cycles follow (an extension of the loop, chosen here): FAS V-cycles over the levels until the
 * first-sweep correction on every level is below the cycle tolerance.
 *
 * <p>{@link #advance()} is one outer step of the moving variant: warm start from the previous solution,
 * regrid every R steps, then one V-cycle with a fixed number of sweeps per level and leg. Each patch's work in
 * the SPI hierarchy is its cells times the sweeps its level makes per step ({@link #sweepsPerStep(int)}).
 */
public final class LaplaceAmr {
  private final SolverState state;
  private final FasCycle relaxation;
  private final Regridder regridder;
  private int steps;
  private int lastCycles;
  private long lastSweeps;
  @Nullable private StepTimes lastStepTimes;

  LaplaceAmr(SolverState state) {
    this.state = state;
    this.relaxation = new FasCycle(state);
    this.regridder = new Regridder(state);
  }

  /** A builder for a solver on {@code cellsX × cellsY} level-0 cells over {@code [0, 1] × [0, cellsY/cellsX]}. */
  public static LaplaceAmrBuilder builder(int cellsX, int cellsY) {
    return new LaplaceAmrBuilder(cellsX, cellsY);
  }

  void start() {
    new InitialHierarchy(state, relaxation, regridder).levelZero();
  }

  void restore(Assignment saved, Map<Integer, double[]> values, int stepsTaken, int nextId) {
    Restart.restore(state, saved, values);
    relaxation.clear();
    steps = stepsTaken;
    state.nextPatchId(nextId);
  }

  // ------------------------------------------------------------------ accessors

  public Hierarchy hierarchy() {
    return state.hierarchy();
  }

  public Assignment assignment() {
    return state.assignment();
  }

  public GridHierarchy grids() {
    return state.grids();
  }

  public Machine machine() {
    return state.machine;
  }

  public HarmonicFunction problem() {
    return state.problem();
  }

  public AmrOptions amrOptions() {
    return state.amr;
  }

  public LaplaceOptions options() {
    return state.options;
  }

  /** Sweeps a level makes in one outer step: level 0 is relaxed once per V-cycle, finer levels on both legs. */
  public int sweepsPerStep(int level) {
    return state.sweepsPerStep(level);
  }

  /** Outer steps taken by {@link #advance()}. */
  public int steps() {
    return steps;
  }

  /** Composite cycles of the last {@link #solve()}. */
  public int lastCycles() {
    return lastCycles;
  }

  /** Sweeps (summed over levels) of the last {@link #solve()} or {@link #advance()}. */
  public long lastSweeps() {
    return lastSweeps;
  }

  /** The id the next new patch gets (a checkpoint keeps it, so that a restarted run numbers patches alike). */
  public int nextPatchId() {
    return state.nextPatchId();
  }

  /** Changes the boundary data (the moving variant); the current solution is the warm start. */
  public void setProblem(HarmonicFunction p) {
    if (p == null) {
      throw new IllegalArgumentException("problem = null: must not be null");
    }
    state.problem(p);
  }

  /** Cells per level (all patches, covered cells included). */
  public long[] pointsPerLevel() {
    Hierarchy h = hierarchy();
    long[] out = new long[h.levelCount()];
    for (Patch p : h.patches()) {
      out[p.level()] += p.cells();
    }
    return out;
  }

  public long points() {
    return hierarchy().totalCells();
  }

  /** Largest |u - exact| over the composite grid (each cell on the finest level that holds it). */
  public double maxError() {
    GridHierarchy grids = state.grids();
    HarmonicFunction problem = state.problem();
    double max = 0;
    for (int l = 0; l < grids.levelCount(); l++) {
      double h = grids.h(l);
      for (Block b : grids.heldBlocks(l)) {
        GridData u = grids.data(b);
        boolean[] covered = grids.coveredMask(b);
        Box box = b.box();
        for (int j = box.lo(1); j <= box.hi(1); j++) {
          for (int i = box.lo(0); i <= box.hi(0); i++) {
            if (!covered[(i - box.lo(0)) + (j - box.lo(1)) * box.length(0)]) {
              max = Math.max(max, Math.abs(u.get(i, j) - problem.exact((i + 0.5) * h, (j + 0.5) * h)));
            }
          }
        }
      }
    }
    return state.exchange.maxAll(max);
  }

  // ------------------------------------------------------------------ the solver

  /** Solves the current problem: the level-by-level loop of seed 002 §3.1, then composite cycles. */
  public void solve() {
    long sweeps = new InitialHierarchy(state, relaxation, regridder).build();
    lastCycles = 0;
    relaxation.resetSweeps();
    while (lastCycles < state.options.maxCycles() && state.grids().levelCount() > 1) {
      double residual = relaxation.vcycle(0);
      lastCycles++;
      if (residual < state.options.cycleTolerance()) {
        break;
      }
    }
    lastSweeps = sweeps + relaxation.cycleSweeps();
  }

  /** One outer step of the moving variant; regrids first every R steps. Returns true if it regridded. */
  public boolean advance() {
    boolean regrid = (steps + 1) % state.options.regridInterval() == 0;
    if (regrid) {
      regrid();
    }
    relaxStep();
    return regrid;
  }

  /**
   * One outer step without a regrid: the V-cycle and its measured times. For a host that regrids on its own
   * schedule ({@link #regrid()}), as the distributed runtime does.
   */
  public void relaxStep() {
    steps++;
    lastStepTimes = relaxation.timedStep(state.options.sweepsPerStep());
    lastSweeps = relaxation.cycleSweeps();
  }

  /**
   * The measured relaxation time of each rank in the last {@link #advance()} (seconds spent in the sweeps of
   * the blocks a rank owns; in one process the ranks' blocks run one after another, and the times are still
   * split by owner), gathered so that every process sees the same times. Null before the first step.
   */
  @Nullable
  public StepTimes lastStepTimes() {
    return lastStepTimes;
  }

  /**
   * Refits the work model from every process's measured block sweeps so far (the same model on every process: the
   * samples are summed in rank order); collective. The grids of the next {@link #regrid} get their work from it,
   * those that stay included. Returns the model.
   */
  public WorkModel calibrate() {
    ArrayList<double[]> mine = new ArrayList<>();
    mine.add(relaxation.samples().toArray());
    WorkModel m = WorkModel.fit(SweepSamples.sum(state.exchange.gatherAll(mine)));
    state.workModel(m);
    return m;
  }

  /** How patch work is counted now ({@link WorkModel#cells()} until {@link #calibrate}). */
  public WorkModel workModel() {
    return state.workModel();
  }

  /**
   * Rebuilds levels 1.. from the current solution, coarsest first, each new hierarchy placed by the solver's
   * placement. Data comes from the grids before the regrid where they overlap, else by interpolation from the
   * new parent.
   */
  public void regrid() {
    regridder.regrid();
  }

  /**
   * Executes {@code plan}, a remap of the current hierarchy from the current assignment: exactly its transfers
   * move, cells that stay on their rank are copied. Returns what this process sent, received and copied.
   */
  public Migrated migrate(MigrationPlan plan) {
    if (plan == null) {
      throw new IllegalArgumentException("plan = null: must not be null");
    }
    if (plan.target().ranks() != state.machine.ranks()) {
      throw new IllegalArgumentException("assignment ranks = " + plan.target().ranks() + ": must equal "
          + state.machine.ranks());
    }
    return state.grids().migrate(plan);
  }
}
