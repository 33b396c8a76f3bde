package org.amrbalance.mesh.laplace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.grid.GridExchange;
import org.amrbalance.mesh.grid.LocalExchange;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/** Collects the parts of a {@link LaplaceAmr}; every part has a default but the problem. */
public final class LaplaceAmrBuilder {
  private final int cellsX;
  private final int cellsY;
  private AmrOptions amr = AmrOptions.defaults();
  private LaplaceOptions options = LaplaceOptions.defaults();
  private HarmonicFunction problem;
  private Machine machine = Machine.fullyConnected(1);
  private LoadBalancer balancer;
  private GridPlacement placement;
  private GridExchange exchange;

  LaplaceAmrBuilder(int cellsX, int cellsY) {
    this.cellsX = cellsX;
    this.cellsY = cellsY;
  }

  public LaplaceAmrBuilder amr(AmrOptions o) {
    this.amr = o;
    return this;
  }

  public LaplaceAmrBuilder laplace(LaplaceOptions o) {
    this.options = o;
    return this;
  }

  public LaplaceAmrBuilder problem(HarmonicFunction p) {
    this.problem = p;
    return this;
  }

  /** The ranks the grids are balanced over (default one rank). */
  public LaplaceAmrBuilder machine(Machine m) {
    this.machine = m;
    return this;
  }

  /**
   * A balancer that places every hierarchy the solver builds, seeing where the grids are now (default: whole grids
   * in turn); for a solver without a balancing service. Replaces a {@link #placement}.
   */
  public LaplaceAmrBuilder balancer(LoadBalancer b) {
    this.balancer = b;
    this.placement = null;
    return this;
  }

  /** Where every hierarchy the solver builds goes: in a run, the balancing service's placement. */
  public LaplaceAmrBuilder placement(GridPlacement p) {
    this.placement = p;
    this.balancer = null;
    return this;
  }

  /** How data moves between blocks (default: every rank in this process). */
  public LaplaceAmrBuilder exchange(GridExchange e) {
    this.exchange = e;
    return this;
  }

  /** A solver with level 0 placed and zero: {@link LaplaceAmr#solve()} builds the finer levels. */
  public LaplaceAmr build() {
    LaplaceAmr s = create();
    s.start();
    return s;
  }

  /**
   * A solver that continues from saved values (a restart from a checkpoint): the grids of {@code saved}'s hierarchy
   * laid out as {@code saved} says if it is over this machine's number of ranks, else as the placement puts them;
   * each held block's valid cells from {@code values} (by patch id, in the patch box's order, axis 0 fastest); the
   * step count and the next patch id.
   */
  public LaplaceAmr restore(Assignment saved, Map<Integer, double[]> values, int stepsTaken, int nextPatchId) {
    if (stepsTaken < 0 || nextPatchId < 0) {
      throw new IllegalArgumentException("steps, nextPatchId = " + stepsTaken + ", " + nextPatchId
          + ": must be >= 0");
    }
    LaplaceAmr s = create();
    s.restore(saved, values, stepsTaken, nextPatchId);
    return s;
  }

  private LaplaceAmr create() {
    if (amr == null || options == null || machine == null) {
      throw new IllegalArgumentException("amr, laplace, machine = null: must not be null");
    }
    if (problem == null) {
      throw new IllegalArgumentException("problem = null: a solver needs a harmonic problem");
    }
    int minSide = Math.max(2, amr.ghostWidth());
    if (cellsX < minSide || cellsY < minSide) {
      throw new IllegalArgumentException("cells = " + cellsX + "x" + cellsY + ": each side must be >= " + minSide
          + " (ghost width " + amr.ghostWidth() + ")");
    }
    GridExchange ex = exchange != null ? exchange : LocalExchange.of(machine.ranks());
    if (ex.ranks() != machine.ranks()) {
      throw new IllegalArgumentException("exchange ranks = " + ex.ranks() + ": must equal the machine's "
          + machine.ranks());
    }
    SolverState state = new SolverState(Box.ofSize(cellsX, cellsY), amr, options, machine, ex, problem);
    state.placement(placement != null ? placement : new BalancerPlacement(
        balancer != null ? balancer : LaplaceAmrBuilder::roundRobin, machine, state::assignment));
    return new LaplaceAmr(state);
  }

  /** Whole grids dealt to ranks in hierarchy order: the default placement. */
  private static Assignment roundRobin(BalanceProblem p) {
    List<Piece> pieces = new ArrayList<>();
    int next = 0;
    for (Patch patch : p.hierarchy().patches()) {
      pieces.add(Piece.whole(patch, next));
      next = (next + 1) % p.ranks();
    }
    return Assignment.of(p.hierarchy(), p.ranks(), pieces);
  }
}
