package org.amrbalance.mesh.laplace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.Nullable;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.Boxes;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.GridExchange;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.mesh.grid.Layout;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.BoxIndex;
import org.amrbalance.spi.StepTimes;

/**
 * The relaxation of the solver: red–black SOR sweeps of a level, and FAS V-cycles over all levels. In a cycle the
 * covered cells of a coarse level solve {@code Δ_H u = Δ_H(R u_h) + R(f_h − Δ_h u_h)}, so their fixed point is the
 * restricted fine solution, and each level's change is interpolated into the next finer level before that one is
 * relaxed again. Each sweep of a block is timed for the rank that owns it.
 */
final class FasCycle {
  private final SolverState s;
  /** {@code h²f} of every held block: zero on a level's own problem, the FAS right side on covered cells. */
  private final Map<Block, double[]> h2f = new HashMap<>();
  private final double[] computeSeconds;
  private final SweepSamples samples = SweepSamples.empty();
  /** Per level, each held block's sibling-owned first ghost layer ({@link #siblingRing}), for {@link #ringLayout}. */
  private final Map<Integer, Box[][]> rings = new HashMap<>();
  /** Per level, the right sides with sibling ghost layers ({@link #exchangedRhs}), for {@link #ringLayout}. */
  private final Map<Integer, Map<Block, GridData>> rhsFields = new HashMap<>();
  @Nullable
  private Layout ringLayout;
  private long cycleSweeps;
  private boolean reduceCorrections = true;

  FasCycle(SolverState s) {
    this.s = s;
    this.computeSeconds = new double[s.machine.ranks()];
  }

  /** Sweeps made by {@link #vcycle} since {@link #resetSweeps}. */
  long cycleSweeps() {
    return cycleSweeps;
  }

  void resetSweeps() {
    cycleSweeps = 0;
  }

  /** The sweeps of this process's blocks measured so far, one sample per block and colour. */
  SweepSamples samples() {
    return samples;
  }

  /** Forgets the right sides of blocks that are gone (a restart). */
  void clear() {
    h2f.clear();
    rings.clear();
    rhsFields.clear();
  }

  /**
   * One V-cycle of a step of the moving variant ({@code sweeps} per level and leg), timing each rank's sweeps;
   * returns every rank's seconds, gathered so that every process sees the same times.
   */
  StepTimes timedStep(int sweeps) {
    cycleSweeps = 0;
    Arrays.fill(computeSeconds, 0);
    // A step makes a fixed number of sweeps and never looks at the corrections: no reduction per sweep.
    reduceCorrections = false;
    try {
      vcycle(sweeps);
    } finally {
      reduceCorrections = true;
    }
    return StepTimes.of(s.exchange.gatherPerRank(computeSeconds));
  }

  /** Relaxes the finest level l to tolerance from its current values; returns the sweeps. */
  int solveLevel(int l) {
    GridHierarchy grids = s.grids();
    h2f.clear();
    zeroRhs(l);
    grids.fillGhosts(l, s.problem());
    double omega = omega(l);
    LevelPlan plan = plan(l);
    return 1 + relax(plan, omega, sweep(plan, omega));
  }

  /** Sweeps level l (ghosts filled) until the largest correction is below the tolerance; returns the sweeps. */
  private int relax(LevelPlan plan, double omega, double firstResidual) {
    int n = 0;
    double r = firstResidual;
    while (r >= s.options.tolerance() && n < s.options.maxSweeps()) {
      r = sweep(plan, omega);
      n++;
    }
    return n;
  }

  /**
   * One FAS V-cycle over all levels. Down: relax level l, restrict its solution and its residual, and give the
   * covered cells of level l-1 the right side {@code Δ_H(R u_h) + R(f_h - Δ_h u_h)}, so that their fixed
   * point is the restricted fine solution while changes (of the boundary data, say) reach the coarse level at
   * once. Then relax level 0 and go up: interpolate each level's change into the next finer one and relax it.
   * With {@code sweeps > 0} every relaxation is that many sweeps, else it runs to tolerance. Returns the largest
   * first-sweep correction of the down leg and of level 0: how far from converged the cycle found the solution.
   */
  double vcycle(int sweeps) {
    GridHierarchy grids = s.grids();
    HarmonicFunction problem = s.problem();
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
    LevelPlan plan = plan(l);
    if (sweeps > 0) {
      cycleSweeps += sweeps;
      // Every later reader of level l's sibling ghosts fills them first (the down leg, the next cycle, a regrid).
      return reduced(sweeps(plan, omega, sweeps, false));
    }
    double first = sweep(plan, omega);
    cycleSweeps += 1 + relax(plan, omega, first);
    return first;
  }

  private double omega(int l) {
    List<Box> boxes = new ArrayList<>();
    for (Block b : s.grids().layout().level(l)) {
      boxes.add(b.box());
    }
    Box bb = Boxes.boundingBox(boxes);
    return RedBlackSor.optimalOmega(Math.max(bb.length(0), bb.length(1)));
  }

  private void zeroRhs(int l) {
    for (Block b : s.grids().heldBlocks(l)) {
      h2f.put(b, new double[Math.toIntExact(b.box().volume())]);
    }
  }

  /** {@code h²(f - Δu)} on every valid cell of level l (ghosts filled). */
  private Map<Block, GridData> residual(int l) {
    GridHierarchy grids = s.grids();
    Box dom = grids.domainAt(l);
    double h = grids.h(l);
    Map<Block, GridData> out = new HashMap<>();
    for (Block b : grids.heldBlocks(l)) {
      boolean[] all = new boolean[Math.toIntExact(b.box().volume())];
      Arrays.fill(all, true);
      double[] lap = RedBlackSor.h2Laplacian(grids.data(b), dom, h, s.problem(), all);
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
    GridHierarchy grids = s.grids();
    Box dom = grids.domainAt(l);
    double h = grids.h(l);
    int r2 = s.amr.ratio(l) * s.amr.ratio(l);
    for (Block b : grids.heldBlocks(l)) {
      boolean[] covered = grids.coveredMask(b);
      double[] f = RedBlackSor.h2Laplacian(grids.data(b), dom, h, s.problem(), covered);
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
    GridHierarchy grids = s.grids();
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
    GridHierarchy grids = s.grids();
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
  private double sweep(LevelPlan p, double omega) {
    return reduced(sweeps(p, omega, 1, true));
  }

  private double reduced(double correction) {
    return reduceCorrections ? s.exchange.maxAll(correction) : correction;
  }

  /**
   * {@code n} sweeps of level l in which every exchange but the last travels while cells are relaxed: each colour's
   * cells that read no ghost cell are relaxed while the other colour's exchange is in flight, the rest after it
   * arrives. Cells of one colour read only the other, so the order among them changes nothing: the result is that
   * of {@link #sweep} n times, bit for bit. With two ghost layers there is one exchange per sweep instead of one per
   * colour: colour 0 is also computed on the sibling-owned cells of the first ghost layer, from the same values and
   * right side as their owner uses, so colour 1 finds its ghost neighbours current (on two ranks the waits at the
   * exchanges, not the copies, cost most of a step). With {@code exchangeLast} the siblings' ghosts are current
   * afterwards; without, the last sweep's values are not exchanged (one exchange a visit saved where the caller
   * fills the level's ghosts before reading them). Returns this rank's largest correction of the first sweep.
   */
  private double sweeps(LevelPlan p, double omega, int n, boolean exchangeLast) {
    GridHierarchy grids = s.grids();
    GridExchange.Pending pending = null;
    double first = 0;
    for (int k = 0; k < n; k++) {
      double max = colour(p, omega, 0, pending);
      // With a ring, colour 0 also updated the first ghost layer that siblings own: colour 1 needs no exchange.
      max = Math.max(max, colour(p, omega, 1, p.ring != null ? null : grids.startSiblingExchange(p.level)));
      pending = k + 1 < n ? grids.startSiblingExchange(p.level) : null;
      if (k == 0) {
        first = max;
      }
    }
    if (exchangeLast) {
      grids.exchangeSiblings(p.level);
    }
    return first;
  }

  /**
   * Relaxes the cells of colour {@code c} of every held block of the level, timing each block (one sample per
   * block and colour). With {@code pending} (the other colour's exchange in flight), cells that read no ghost
   * cell go first, then the exchange is finished, then the rest; without, every block is swept whole.
   */
  private double colour(LevelPlan p, double omega, int c, GridExchange.Pending pending) {
    int n = p.data.length;
    double[] t = p.seconds;
    double max = 0;
    for (int k = 0; k < n; k++) {
      long start = System.nanoTime();
      if (pending == null) {
        max = Math.max(max, RedBlackSor.sweep(p.data[k], p.domain, p.h, s.problem(), p.rhs[k], c, omega));
      } else if (p.inner[k] != null) {
        max = Math.max(max, RedBlackSor.sweep(p.data[k], p.inner[k], p.domain, p.h, s.problem(), p.rhs[k], c, omega));
      }
      t[k] = (System.nanoTime() - start) / 1e9;
    }
    if (pending != null) {
      pending.finish();
      for (int k = 0; k < n; k++) {
        long start = System.nanoTime();
        for (Box edge : p.edges[k]) {
          max = Math.max(max, RedBlackSor.sweep(p.data[k], edge, p.domain, p.h, s.problem(), p.rhs[k], c, omega));
        }
        t[k] += (System.nanoTime() - start) / 1e9;
      }
    }
    if (c == 0 && p.ring != null) {
      for (int k = 0; k < n; k++) {
        long start = System.nanoTime();
        for (int r = 0; r < p.ring[k].length; r++) {
          // Not counted in the correction: the owner counts these cells.
          RedBlackSor.sweep(p.data[k], p.ring[k][r], p.domain, p.h, s.problem(), p.ringRhs[k][r], p.ring[k][r], c,
              omega);
        }
        t[k] += (System.nanoTime() - start) / 1e9;
      }
    }
    for (int k = 0; k < n; k++) {
      computeSeconds[p.rank[k]] += t[k];
      samples.add(p.level, p.cells[k], t[k]);
    }
    return max;
  }

  /**
   * What the sweeps of one level touch, looked up once per relaxation of the level rather than once per sweep: a
   * step makes 20 sweeps of a level per visit, over every held block, and the lookups cost as much as small blocks'
   * relaxation.
   */
  private record LevelPlan(int level, Box domain, double h, GridData[] data, double[][] rhs, int[] rank, long[] cells,
      Box[] inner, Box[][] edges, double[] seconds, @Nullable Box[][] ring, @Nullable double[][][] ringRhs) {}

  private LevelPlan plan(int l) {
    GridHierarchy grids = s.grids();
    List<Block> held = grids.heldBlocks(l);
    int n = held.size();
    GridData[] data = new GridData[n];
    double[][] rhs = new double[n][];
    int[] rank = new int[n];
    long[] cells = new long[n];
    Box[] inner = new Box[n];
    Box[][] edges = new Box[n][];
    for (int k = 0; k < n; k++) {
      Block b = held.get(k);
      data[k] = grids.data(b);
      rhs[k] = h2f.get(b);
      rank[k] = grids.layout().rankOf(b);
      cells[k] = b.box().volume();
      Optional<Box> in = b.box().grow(-1);
      inner[k] = in.orElse(null);
      edges[k] = (in.isPresent() ? Boxes.subtract(b.box(), in.get()) : List.of(b.box())).toArray(Box[]::new);
    }
    Box[][] ring = null;
    double[][][] ringRhs = null;
    if (grids.options().ghostWidth() >= 2) {
      if (ringLayout != grids.layout()) {
        rings.clear();
        rhsFields.clear();
        ringLayout = grids.layout();
      }
      ring = rings.computeIfAbsent(l, k -> siblingRing(k, held));
      ringRhs = ringRhs(l, held, ring);
    }
    return new LevelPlan(l, grids.domainAt(l), grids.h(l), data, rhs, rank, cells, inner, edges, new double[n], ring,
        ringRhs);
  }

  /** Per held block, the cells of its first ghost layer (faces, not corners) that a sibling holds as valid cells. */
  private Box[][] siblingRing(int l, List<Block> held) {
    GridHierarchy grids = s.grids();
    List<Block> level = grids.layout().level(l);
    BoxIndex index = grids.layout().index(l);
    Box[][] ring = new Box[held.size()][];
    for (int k = 0; k < ring.length; k++) {
      Box b = held.get(k).box();
      List<Box> parts = new ArrayList<>();
      for (Box face : List.of(Box.of2d(b.lo(0) - 1, b.lo(1), b.lo(0) - 1, b.hi(1)),
          Box.of2d(b.hi(0) + 1, b.lo(1), b.hi(0) + 1, b.hi(1)), Box.of2d(b.lo(0), b.lo(1) - 1, b.hi(0), b.lo(1) - 1),
          Box.of2d(b.lo(0), b.hi(1) + 1, b.hi(0), b.hi(1) + 1))) {
        for (int i : index.intersecting(face)) {
          face.intersection(level.get(i).box()).ifPresent(parts::add);
        }
      }
      ring[k] = parts.toArray(Box[]::new);
    }
    return ring;
  }

  /** The right side on each ring box, as its owner holds it: the level's right sides exchanged between siblings. */
  private double[][][] ringRhs(int l, List<Block> held, Box[][] ring) {
    double[][][] out = new double[held.size()][][];
    // Only the finest level's right side is zero (zeroRhs: every cycle and level solve relaxes the finest level on
    // its own problem); every rank knows it, so all skip the exchange alike.
    Map<Block, GridData> field = l == s.grids().levelCount() - 1 ? null : exchangedRhs(l, held);
    for (int k = 0; k < out.length; k++) {
      out[k] = new double[ring[k].length][];
      for (int r = 0; r < ring[k].length; r++) {
        out[k][r] = field == null ? new double[Math.toIntExact(ring[k][r].volume())]
            : field.get(held.get(k)).read(ring[k][r]);
      }
    }
    return out;
  }

  /** Level l's right sides with their ghost layers filled from siblings; the storage is kept while the layout is. */
  private Map<Block, GridData> exchangedRhs(int l, List<Block> held) {
    GridHierarchy grids = s.grids();
    Map<Block, GridData> field = rhsFields.computeIfAbsent(l, k -> new HashMap<>());
    for (Block b : held) {
      field.computeIfAbsent(b, x -> GridData.create(x.box(), grids.options().ghostWidth())).write(b.box(), h2f.get(b));
    }
    grids.exchangeSiblings(l, field);
    return field;
  }

}
