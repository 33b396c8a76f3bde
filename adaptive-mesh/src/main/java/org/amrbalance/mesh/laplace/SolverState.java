package org.amrbalance.mesh.laplace;

import java.util.List;
import javax.annotation.Nullable;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.grid.GridExchange;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.mesh.grid.Layout;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;

/**
 * What the parts of the solver share: the fixed setup, the grids in force (replaced by a restart), the boundary
 * data (changed by the moving variant), the placement of new grids and the patch ids handed out.
 */
final class SolverState {
  final Box domain;
  final AmrOptions amr;
  final LaplaceOptions options;
  final Machine machine;
  final GridExchange exchange;
  private GridPlacement placement;
  @Nullable private GridHierarchy grids;
  private HarmonicFunction problem;
  private int nextPatchId;
  private WorkModel workModel = WorkModel.cells();

  SolverState(Box domain, AmrOptions amr, LaplaceOptions options, Machine machine, GridExchange exchange,
      HarmonicFunction problem) {
    this.domain = domain;
    this.amr = amr;
    this.options = options;
    this.machine = machine;
    this.exchange = exchange;
    this.problem = problem;
  }

  void placement(GridPlacement p) {
    placement = p;
  }

  GridHierarchy grids() {
    return grids;
  }

  void grids(GridHierarchy g) {
    grids = g;
  }

  /** Where the grids are now; null before the first level was placed. */
  @Nullable
  Assignment assignment() {
    return grids == null ? null : grids.layout().assignment();
  }

  Hierarchy hierarchy() {
    return grids.layout().hierarchy();
  }

  HarmonicFunction problem() {
    return problem;
  }

  void problem(HarmonicFunction p) {
    problem = p;
  }

  int nextPatchId() {
    return nextPatchId;
  }

  void nextPatchId(int id) {
    nextPatchId = id;
  }

  /** Cell width of level 0: the domain is one unit wide. */
  double h0() {
    return 1.0 / domain.length(0);
  }

  /** A new patch of {@code level}, its work that of the work model for the sweeps its level makes per step. */
  Patch newPatch(int level, Box box) {
    return Patch.of(nextPatchId++, level, box, work(level, box.volume()));
  }

  /** {@code p} with its work as the current model says (itself if the model agrees). */
  Patch reworked(Patch p) {
    double w = work(p.level(), p.cells());
    return w == p.work() ? p : Patch.of(p.id(), p.level(), p.box(), w);
  }

  private double work(int level, long cells) {
    return workModel.work(level, cells, sweepsPerStep(level));
  }

  WorkModel workModel() {
    return workModel;
  }

  void workModel(WorkModel m) {
    workModel = m;
  }

  /** Sweeps a level makes in one outer step: level 0 is relaxed once per V-cycle, finer levels on both legs. */
  int sweepsPerStep(int level) {
    return level == 0 ? options.sweepsPerStep() : 2 * options.sweepsPerStep();
  }

  /** The layout the placement gives {@code h}. */
  Layout place(Hierarchy h) {
    return Layout.of(placement.place(h));
  }

  /** The layout the placement gives a hierarchy of {@code patches}. */
  Layout place(List<Patch> patches) {
    return place(Hierarchy.of(domain, amr.ratios(), patches));
  }
}
