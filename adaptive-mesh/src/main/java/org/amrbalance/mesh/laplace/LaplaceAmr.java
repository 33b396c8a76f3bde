package org.amrbalance.mesh.laplace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.amrbalance.mesh.cluster.BergerRigoutsos;
import org.amrbalance.mesh.cluster.Clusterer;
import org.amrbalance.mesh.cluster.FlagField;
import org.amrbalance.mesh.grid.AmrOptions;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.Boxes;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.GridExchange;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.mesh.grid.Layout;
import org.amrbalance.mesh.grid.LocalExchange;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.spi.StepTimes;

/**
 * Laplace's equation on the unit-width rectangle with Dirichlet data from a {@link HarmonicFunction}, solved
 * on a Berger–Oliger hierarchy.
 *
 * <p>{@link #solve()} runs the loop of seed 002 §3.1 (spec grid-indivisibility §2.1): solve level i
 * (red–black SOR), project it onto level i−1 (restriction, down to level 0), estimate the error on level i and
 * flag, stop if nothing is flagged or i = Lmax, cluster the flags (Berger–Rigoutsos), create level i+1, balance
 * it, interpolate its boundary and initial values, repeat. The one-pass loop leaves the level-0 error near the
 * feature in the data the fine levels get at their boundaries, so composite cycles follow (an extension of the
 * loop, chosen here): FAS V-cycles over the levels until the first-sweep correction on every level is below
 * the cycle tolerance. In a cycle the covered cells of a coarse level solve
 * {@code Δ_H u = Δ_H(R u_h) + R(f_h − Δ_h u_h)}, so their fixed point is the restricted fine solution, and each
 * level's change is interpolated into the next finer level before that one is relaxed again.
 *
 * <p>{@link #advance()} is one outer step of the moving variant: warm start from the previous solution,
 * regrid every R steps, then one V-cycle with a fixed number of sweeps per level and leg. Each patch's work in
 * the SPI hierarchy is its cells times the sweeps its level makes per step ({@link #sweepsPerStep(int)}).
 */
public final class LaplaceAmr {
  private final Box domain;
  private final AmrOptions amr;
  private final LaplaceOptions options;
  private final Machine machine;
  private final LoadBalancer balancer;
  private final GridExchange exchange;
  private final ErrorEstimator estimator = new CurvatureEstimator();
  private final Clusterer clusterer;
  private HarmonicFunction problem;
  private GridHierarchy grids;
  private final Map<Block, double[]> h2f = new HashMap<>();
  private int nextPatchId;
  private int steps;
  private int lastCycles;
  private long lastSweeps;
  private long cycleSweeps;
  private double[] computeSeconds;
  private StepTimes lastStepTimes;
  private boolean reduceCorrections = true;

  private LaplaceAmr(Box domain, AmrOptions amr, LaplaceOptions options, HarmonicFunction problem, Machine machine,
      LoadBalancer balancer, GridExchange exchange) {
    this.domain = domain;
    this.amr = amr;
    this.options = options;
    this.problem = problem;
    this.machine = machine;
    this.balancer = balancer;
    this.exchange = exchange;
    this.clusterer = BergerRigoutsos.of(amr.cluster());
    this.computeSeconds = new double[machine.ranks()];
  }

  /** A builder for a solver on {@code cellsX × cellsY} level-0 cells over {@code [0, 1] × [0, cellsY/cellsX]}. */
  public static Builder builder(int cellsX, int cellsY) {
    return new Builder(cellsX, cellsY);
  }

  /** Collects the parts of a solver; every part has a default but the problem. */
  public static final class Builder {
    private final int cellsX;
    private final int cellsY;
    private AmrOptions amr = AmrOptions.defaults();
    private LaplaceOptions options = LaplaceOptions.defaults();
    private HarmonicFunction problem;
    private Machine machine = Machine.fullyConnected(1);
    private LoadBalancer balancer;
    private GridExchange exchange;

    private Builder(int cellsX, int cellsY) {
      this.cellsX = cellsX;
      this.cellsY = cellsY;
    }

    public Builder amr(AmrOptions o) {
      this.amr = o;
      return this;
    }

    public Builder laplace(LaplaceOptions o) {
      this.options = o;
      return this;
    }

    public Builder problem(HarmonicFunction p) {
      this.problem = p;
      return this;
    }

    /** The ranks the grids are balanced over (default one rank). */
    public Builder machine(Machine m) {
      this.machine = m;
      return this;
    }

    /** The balancer that places grids after every regrid (default: whole grids in turn). */
    public Builder balancer(LoadBalancer b) {
      this.balancer = b;
      return this;
    }

    /** How data moves between blocks (default: every rank in this process). */
    public Builder exchange(GridExchange e) {
      this.exchange = e;
      return this;
    }

    public LaplaceAmr build() {
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
      LoadBalancer lb = balancer != null ? balancer : LaplaceAmr::roundRobin;
      LaplaceAmr s = new LaplaceAmr(Box.ofSize(cellsX, cellsY), amr, options, problem, machine, lb, ex);
      s.start();
      return s;
    }
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

  private void start() {
    List<Patch> patches = new ArrayList<>();
    int base = amr.baseBoxSize();
    int[] xs = cuts(domain.length(0), base);
    int[] ys = cuts(domain.length(1), base);
    for (int b = 0; b + 1 < ys.length; b++) {
      for (int a = 0; a + 1 < xs.length; a++) {
        patches.add(patch(0, Box.of2d(xs[a], ys[b], xs[a + 1] - 1, ys[b + 1] - 1)));
      }
    }
    grids = GridHierarchy.create(domain, 1.0 / domain.length(0), amr, exchange, layoutFor(patches, null));
  }

  /** Cut points splitting {@code n} cells into near-equal parts of at most {@code max} cells. */
  private static int[] cuts(int n, int max) {
    int parts = (n + max - 1) / max;
    int[] c = new int[parts + 1];
    for (int k = 0; k <= parts; k++) {
      c[k] = (int) ((long) n * k / parts);
    }
    return c;
  }

  private Patch patch(int level, Box box) {
    return Patch.of(nextPatchId++, level, box, (double) box.volume() * sweepsPerStep(level));
  }

  /** Sweeps a level makes in one outer step: level 0 is relaxed once per V-cycle, finer levels on both legs. */
  public int sweepsPerStep(int level) {
    return level == 0 ? options.sweepsPerStep() : 2 * options.sweepsPerStep();
  }

  private Layout layoutFor(List<Patch> patches, Assignment previous) {
    Hierarchy h = Hierarchy.of(domain, amr.ratios(), patches);
    BalanceProblem p = BalanceProblem.of(h, machine).withPrevious(previous);
    return Layout.of(balancer.balance(p));
  }

  // ------------------------------------------------------------------ accessors

  public Hierarchy hierarchy() {
    return grids.layout().hierarchy();
  }

  public Assignment assignment() {
    return grids.layout().assignment();
  }

  public GridHierarchy grids() {
    return grids;
  }

  public Machine machine() {
    return machine;
  }

  public HarmonicFunction problem() {
    return problem;
  }

  public AmrOptions amrOptions() {
    return amr;
  }

  public LaplaceOptions options() {
    return options;
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

  /** Changes the boundary data (the moving variant); the current solution is the warm start. */
  public void setProblem(HarmonicFunction p) {
    if (p == null) {
      throw new IllegalArgumentException("problem = null: must not be null");
    }
    this.problem = p;
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
    return exchange.maxAll(max);
  }

  // ------------------------------------------------------------------ the solver

  /** Solves the current problem: the level-by-level loop of seed 002 §3.1, then composite cycles. */
  public void solve() {
    long sweeps = 0;
    for (int i = 0; ; i++) {
      sweeps += solveLevel(i);
      // Spec grid-indivisibility §2.1 step 3, corrected: project only if i > 0 (the OCR reads "if 0").
      for (int k = i; k >= 1; k--) {
        grids.restrict(k);
      }
      if (i == amr.maxLevel()) {
        break;
      }
      List<Box> boxes = flagAndCluster(i);
      if (boxes.isEmpty()) {
        break;
      }
      installLevels(i, boxes, grids.state());
    }
    lastCycles = 0;
    cycleSweeps = 0;
    while (lastCycles < options.maxCycles() && grids.levelCount() > 1) {
      double residual = vcycle(0);
      lastCycles++;
      if (residual < options.cycleTolerance()) {
        break;
      }
    }
    lastSweeps = sweeps + cycleSweeps;
  }

  /** Sweeps level l (ghosts filled) until the largest correction is below the tolerance; returns the sweeps. */
  private int relax(int l, double omega, double firstResidual) {
    int s = 0;
    double r = firstResidual;
    while (r >= options.tolerance() && s < options.maxSweeps()) {
      r = sweep(l, omega);
      s++;
    }
    return s;
  }

  /** One outer step of the moving variant; regrids first every R steps. Returns true if it regridded. */
  public boolean advance() {
    boolean regrid = (steps + 1) % options.regridInterval() == 0;
    if (regrid) {
      regrid();
    }
    relaxStep();
    return regrid;
  }

  /**
   * One outer step without a regrid: the V-cycle and its measured times. For a host that regrids on its own
   * schedule ({@link #regrid()}) and places the new grids before the step, as the distributed runtime does.
   */
  public void relaxStep() {
    steps++;
    cycleSweeps = 0;
    Arrays.fill(computeSeconds, 0);
    // A step makes a fixed number of sweeps and never looks at the corrections: no reduction per sweep.
    reduceCorrections = false;
    try {
      vcycle(options.sweepsPerStep());
    } finally {
      reduceCorrections = true;
    }
    lastSweeps = cycleSweeps;
    ArrayList<double[]> mine = new ArrayList<>();
    mine.add(computeSeconds.clone());
    double[] times = new double[machine.ranks()];
    for (double[] part : exchange.gatherAll(mine)) {
      for (int r = 0; r < times.length; r++) {
        times[r] += part[r];
      }
    }
    lastStepTimes = StepTimes.of(times);
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
   * Rebuilds levels 1.. from the current solution, coarsest first: flags on level l (estimated on the new
   * level l), clusters inside the nesting domain of the new level l, installs, and moves on to l+1. Data
   * comes from the grids before the regrid where they overlap, else by interpolation from the new parent.
   */
  public void regrid() {
    GridHierarchy.State before = grids.state();
    for (int l = 0; l < amr.maxLevel() && l < grids.levelCount(); l++) {
      grids.fillGhosts(l, problem);
      List<Box> boxes = flagAndCluster(l);
      installLevels(l, boxes, before);
      if (boxes.isEmpty()) {
        break;
      }
    }
  }

  /** The id the next new patch gets (a checkpoint keeps it, so that a restarted run numbers patches alike). */
  public int nextPatchId() {
    return nextPatchId;
  }

  /**
   * Replaces the whole state by a saved one (a restart from a checkpoint): the grids of {@code a}'s hierarchy
   * laid out as {@code a} says, each held block's valid cells taken from {@code values} (by patch id, in the
   * patch box's order, axis 0 fastest), the step count and the next patch id. Ghost cells are not saved: every
   * sweep fills them first.
   */
  public void restore(Assignment a, Map<Integer, double[]> values, int stepsTaken, int nextId) {
    if (a == null || a.ranks() != machine.ranks() || !a.hierarchy().domain().equals(domain)) {
      throw new IllegalArgumentException("assignment = " + a + ": must be over this domain and "
          + machine.ranks() + " ranks");
    }
    if (stepsTaken < 0 || nextId < 0) {
      throw new IllegalArgumentException("steps, nextPatchId = " + stepsTaken + ", " + nextId
          + ": must be >= 0");
    }
    GridHierarchy g = GridHierarchy.create(domain, 1.0 / domain.length(0), amr, exchange, Layout.of(a));
    for (int l = 0; l < g.levelCount(); l++) {
      for (Block b : g.heldBlocks(l)) {
        Box pb = a.hierarchy().patch(b.patchId()).box();
        double[] v = values.get(b.patchId());
        if (v == null || v.length != pb.volume()) {
          throw new IllegalArgumentException("values of patch " + b.patchId() + " = "
              + (v == null ? "null" : v.length + " values") + ": must be " + pb.volume() + " values");
        }
        GridData d = g.data(b);
        Box bb = b.box();
        for (int j = bb.lo(1); j <= bb.hi(1); j++) {
          for (int i = bb.lo(0); i <= bb.hi(0); i++) {
            d.set(i, j, v[(i - pb.lo(0)) + (j - pb.lo(1)) * pb.length(0)]);
          }
        }
      }
    }
    grids = g;
    h2f.clear();
    steps = stepsTaken;
    nextPatchId = nextId;
  }

  /** Re-places the grids as {@code a} says (a remap); the hierarchy must be the current one. */
  public void applyAssignment(Assignment a) {
    if (a == null || !a.hierarchy().equals(hierarchy())) {
      throw new IllegalArgumentException("assignment = " + a + ": must be for the current hierarchy");
    }
    if (a.ranks() != machine.ranks()) {
      throw new IllegalArgumentException("assignment ranks = " + a.ranks() + ": must equal " + machine.ranks());
    }
    grids.install(Layout.of(a), problem);
  }

  /** Keeps levels 0..l, makes {@code boxes} level l+1 (none: level l is the finest), balances and installs. */
  private void installLevels(int l, List<Box> boxes, GridHierarchy.State from) {
    List<Patch> patches = new ArrayList<>();
    for (Patch p : hierarchy().patches()) {
      if (p.level() <= l) {
        patches.add(p);
      }
    }
    for (Box b : boxes) {
      patches.add(patch(l + 1, b));
    }
    grids.install(layoutFor(patches, assignment()), problem, from);
  }

  private double omega(int l) {
    List<Box> boxes = new ArrayList<>();
    for (Block b : grids.layout().level(l)) {
      boxes.add(b.box());
    }
    Box bb = Boxes.boundingBox(boxes);
    return RedBlackSor.optimalOmega(Math.max(bb.length(0), bb.length(1)));
  }

  /** Relaxes the finest level l to tolerance from its current values; returns the sweeps. */
  private int solveLevel(int l) {
    h2f.clear();
    zeroRhs(l);
    grids.fillGhosts(l, problem);
    double omega = omega(l);
    return 1 + relax(l, omega, sweep(l, omega));
  }

  /**
   * One FAS V-cycle over all levels. Down: relax level l, restrict its solution and its residual, and give the
   * covered cells of level l-1 the right side {@code Δ_H(R u_h) + R(f_h - Δ_h u_h)}, so that their fixed
   * point is the restricted fine solution while changes (of the boundary data, say) reach the coarse level at
   * once. Then relax level 0 and go up: interpolate each level's change into the next finer one and relax it.
   * With {@code sweeps > 0} every relaxation is that many sweeps, else it runs to tolerance. Returns the largest
   * first-sweep correction of the down leg and of level 0: how far from converged the cycle found the solution.
   */
  private double vcycle(int sweeps) {
    int finest = grids.levelCount() - 1;
    Map<Integer, Map<Block, GridData>> before = new HashMap<>();
    h2f.clear();
    zeroRhs(finest);
    double first = 0;
    for (int l = finest; l >= 1; l--) {
      grids.fillGhosts(l, problem);
      first = Math.max(first, relaxLevel(l, sweeps));
      grids.fillGhosts(l, problem);
      Map<Block, GridData> residual = residual(l);
      grids.restrict(l);
      Map<Block, GridData> coarseResidual = grids.restrictField(l, residual);
      grids.fillGhosts(l - 1, problem);
      coarseRhs(l - 1, coarseResidual);
      before.put(l - 1, snapshot(l - 1));
    }
    if (finest == 0) {
      grids.fillGhosts(0, problem);
    }
    first = Math.max(first, relaxLevel(0, sweeps));
    for (int l = 1; l <= finest; l++) {
      correctFiner(l - 1, before.get(l - 1));
      grids.fillGhosts(l, problem);
      relaxLevel(l, sweeps);
    }
    for (int k = finest; k >= 1; k--) {
      grids.restrict(k);
    }
    return first;
  }

  /** Relaxes level l (ghosts filled): {@code sweeps} sweeps, or to tolerance if 0; the first sweep's correction. */
  private double relaxLevel(int l, int sweeps) {
    double omega = omega(l);
    double first = sweep(l, omega);
    int done = 1;
    if (sweeps > 0) {
      for (; done < sweeps; done++) {
        sweep(l, omega);
      }
    } else {
      done += relax(l, omega, first);
    }
    cycleSweeps += done;
    return first;
  }

  private void zeroRhs(int l) {
    for (Block b : grids.heldBlocks(l)) {
      h2f.put(b, new double[Math.toIntExact(b.box().volume())]);
    }
  }

  /** {@code h²(f - Δu)} on every valid cell of level l (ghosts filled). */
  private Map<Block, GridData> residual(int l) {
    Box dom = grids.domainAt(l);
    double h = grids.h(l);
    Map<Block, GridData> out = new HashMap<>();
    for (Block b : grids.heldBlocks(l)) {
      boolean[] all = new boolean[Math.toIntExact(b.box().volume())];
      Arrays.fill(all, true);
      double[] lap = RedBlackSor.h2Laplacian(grids.data(b), dom, h, problem, all);
      double[] f = h2f.get(b);
      GridData r = GridData.create(b.box(), 0);
      int k = 0;
      for (int j = b.box().lo(1); j <= b.box().hi(1); j++) {
        for (int i = b.box().lo(0); i <= b.box().hi(0); i++, k++) {
          r.set(i, j, f[k] - lap[k]);
        }
      }
      out.put(b, r);
    }
    return out;
  }

  /** The FAS right side of level l (ghosts filled, covered cells restricted): zero where nothing covers it. */
  private void coarseRhs(int l, Map<Block, GridData> restrictedResidual) {
    Box dom = grids.domainAt(l);
    double h = grids.h(l);
    int r2 = amr.ratio(l) * amr.ratio(l);
    for (Block b : grids.heldBlocks(l)) {
      boolean[] covered = grids.coveredMask(b);
      double[] f = RedBlackSor.h2Laplacian(grids.data(b), dom, h, problem, covered);
      GridData res = restrictedResidual.get(b);
      int k = 0;
      for (int j = b.box().lo(1); j <= b.box().hi(1); j++) {
        for (int i = b.box().lo(0); i <= b.box().hi(0); i++, k++) {
          if (covered[k]) {
            f[k] += r2 * res.get(i, j);
          }
        }
      }
      h2f.put(b, f);
    }
  }

  /** Copies of the valid cells of the held blocks of level l (empty on the finest level: nothing to correct). */
  private Map<Block, GridData> snapshot(int l) {
    Map<Block, GridData> out = new HashMap<>();
    if (l + 1 < grids.levelCount()) {
      for (Block b : grids.heldBlocks(l)) {
        GridData copy = GridData.create(b.box(), 0);
        copy.write(b.box(), grids.data(b).read(b.box()));
        out.put(b, copy);
      }
    }
    return out;
  }

  /** Adds to level l+1 the interpolated change that relaxing level l made (the coarse-grid correction). */
  private void correctFiner(int l, Map<Block, GridData> before) {
    if (l + 1 >= grids.levelCount()) {
      return;
    }
    for (Map.Entry<Block, GridData> e : before.entrySet()) {
      GridData now = grids.data(e.getKey());
      GridData d = e.getValue();
      Box box = e.getKey().box();
      for (int j = box.lo(1); j <= box.hi(1); j++) {
        for (int i = box.lo(0); i <= box.hi(0); i++) {
          d.set(i, j, now.get(i, j) - d.get(i, j));
        }
      }
    }
    grids.addInterpolated(l + 1, before);
  }

  /**
   * One red–black sweep of level l (siblings exchanged after each colour); the largest correction over all
   * ranks, or only this rank's within a step of the moving variant, which does not use it.
   */
  private double sweep(int l, double omega) {
    Box dom = grids.domainAt(l);
    double h = grids.h(l);
    double max = 0;
    for (int colour = 0; colour < 2; colour++) {
      for (Block b : grids.heldBlocks(l)) {
        long start = System.nanoTime();
        max = Math.max(max, RedBlackSor.sweep(grids.data(b), dom, h, problem, h2f.get(b), colour, omega));
        computeSeconds[grids.layout().rankOf(b)] += (System.nanoTime() - start) / 1e9;
      }
      grids.exchangeSiblings(l);
    }
    return reduceCorrections ? exchange.maxAll(max) : max;
  }

  /**
   * Flags level l (ghosts filled), widens the flags by the flag buffer, drops flags outside the nesting
   * domain (cells at least the nesting buffer inside level l, or at the physical boundary) and clusters; the
   * boxes are returned refined to level l+1.
   */
  private List<Box> flagAndCluster(int l) {
    grids.fillGhosts(l, problem);
    ArrayList<int[]> local = new ArrayList<>();
    for (Block b : grids.heldBlocks(l)) {
      GridData u = grids.data(b);
      Box box = b.box();
      for (int j = box.lo(1); j <= box.hi(1); j++) {
        for (int i = box.lo(0); i <= box.hi(0); i++) {
          if (estimator.estimate(u, i, j) > options.flagThreshold()) {
            local.add(new int[] {i, j});
          }
        }
      }
    }
    List<int[]> all = exchange.gatherAll(local);
    if (all.isEmpty()) {
      return List.of();
    }
    Box dom = grids.domainAt(l);
    int fb = amr.flagBuffer();
    int nb = amr.nestingBuffer();
    List<Box> cells = new ArrayList<>();
    for (int[] c : all) {
      cells.add(Box.of2d(c[0], c[1], c[0], c[1]));
    }
    Box field = Boxes.boundingBox(cells).grow(fb + amr.cluster().minBoxSize()).orElseThrow().intersection(dom)
        .orElseThrow();
    // Cells of level l inside the field (and a margin of the nesting buffer around it).
    Box margin = field.grow(nb).orElseThrow();
    FlagField inLevel = FlagField.over(margin);
    for (Block b : grids.layout().level(l)) {
      inLevel.setAll(b.box());
    }
    FlagField forbidden = FlagField.over(field);
    for (int j = field.lo(1); j <= field.hi(1); j++) {
      for (int i = field.lo(0); i <= field.hi(0); i++) {
        Box around = Box.of2d(i - nb, j - nb, i + nb, j + nb);
        Box inside = around.intersection(dom).orElseThrow();
        if (inLevel.count(inside) != inside.volume()) {
          forbidden.set(i, j);
        }
      }
    }
    FlagField flags = FlagField.over(field);
    for (int[] c : all) {
      Box grown = Box.of2d(c[0] - fb, c[1] - fb, c[0] + fb, c[1] + fb);
      grown.intersection(field).ifPresent(g -> {
        for (int j = g.lo(1); j <= g.hi(1); j++) {
          for (int i = g.lo(0); i <= g.hi(0); i++) {
            if (!forbidden.get(i, j)) {
              flags.set(i, j);
            }
          }
        }
      });
    }
    List<Box> out = new ArrayList<>();
    if (flags.count() == 0) {
      return out;
    }
    for (Box b : clusterer.cluster(flags, forbidden)) {
      out.add(b.refine(amr.ratio(l)));
    }
    return out;
  }
}
