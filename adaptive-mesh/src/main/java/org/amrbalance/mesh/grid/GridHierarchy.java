package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * The data of a 2-D Berger–Oliger hierarchy on this process: the layout, the blocks this process holds, and
 * the operations between grids (ghost fill from siblings, from the parent level by interpolation and from
 * the physical boundary; restriction; moving data to a new layout). Every operation that needs data of
 * another block goes through the {@link GridExchange}.
 *
 * <p>Cell {@code (i, j)} of level l has its centre at {@code ((i + 1/2) h_l, (j + 1/2) h_l)}. A ghost cell
 * outside the domain holds {@code 2 g(p) - u(mirror)}, p the nearest boundary point and mirror the cell
 * reflected into the domain (linear extrapolation: second order).
 */
public final class GridHierarchy {
  private final Box domain;
  private final double h0;
  private final AmrOptions options;
  private final GridExchange exchange;
  private Layout layout;
  private Map<Block, GridData> data = new HashMap<>();
  private final Map<Integer, FillPlan> fillPlans = new HashMap<>();
  private final Map<Integer, RestrictPlan> restrictPlans = new HashMap<>();
  private final Map<Block, boolean[]> coveredMasks = new HashMap<>();

  private GridHierarchy(Box domain, double h0, AmrOptions options, GridExchange exchange) {
    this.domain = domain;
    this.h0 = h0;
    this.options = options;
    this.exchange = exchange;
  }

  /**
   * A hierarchy over the 2-D level-0 {@code domain} with cell width {@code h0}, laid out as {@code initial}
   * (its level 0 must cover the domain), all values zero.
   */
  public static GridHierarchy create(Box domain, double h0, AmrOptions options, GridExchange exchange,
      Layout initial) {
    if (domain == null || domain.dim() != 2) {
      throw new IllegalArgumentException("domain = " + domain + ": must be a 2-D box");
    }
    if (!(h0 > 0) || !Double.isFinite(h0)) {
      throw new IllegalArgumentException("h0 = " + h0 + ": must be finite and > 0");
    }
    if (options == null || exchange == null || initial == null) {
      throw new IllegalArgumentException("options, exchange, initial = null: must not be null");
    }
    GridHierarchy g = new GridHierarchy(domain, h0, options, exchange);
    g.checkLayout(initial);
    g.layout = initial;
    for (int l = 0; l < initial.levelCount(); l++) {
      for (Block b : initial.level(l)) {
        if (exchange.holds(initial.rankOf(b))) {
          g.data.put(b, GridData.create(b.box(), options.ghostWidth()));
        }
      }
    }
    return g;
  }

  private void checkLayout(Layout next) {
    Hierarchy h = next.hierarchy();
    if (!h.domain().equals(domain)) {
      throw new IllegalArgumentException("layout domain = " + h.domain() + ": must equal " + domain);
    }
    if (h.levelCount() - 1 > options.maxLevel()) {
      throw new IllegalArgumentException("layout finest level = " + (h.levelCount() - 1) + ": exceeds maxLevel "
          + options.maxLevel());
    }
    for (int l = 0; l + 1 < h.levelCount(); l++) {
      if (h.ratio(l) != options.ratio(l)) {
        throw new IllegalArgumentException("layout ratio[" + l + "] = " + h.ratio(l) + ": must equal "
            + options.ratio(l));
      }
    }
    long covered = 0;
    for (Patch p : h.level(0)) {
      covered += p.cells();
    }
    if (covered != domain.volume()) {
      throw new IllegalArgumentException("layout level 0 = " + covered + " cells: must cover the domain " + domain);
    }
    for (int l = 0; l < next.levelCount(); l++) {
      for (Block b : next.level(l)) {
        for (int d = 0; d < 2; d++) {
          if (b.box().length(d) < options.ghostWidth()) {
            throw new IllegalArgumentException("block box = " + b.box() + ": side " + b.box().length(d)
                + " is smaller than the ghost width " + options.ghostWidth());
          }
        }
      }
    }
  }

  public Layout layout() {
    return layout;
  }

  public AmrOptions options() {
    return options;
  }

  public GridExchange exchange() {
    return exchange;
  }

  public int levelCount() {
    return layout.levelCount();
  }

  /** The level-0 index domain. */
  public Box domain() {
    return domain;
  }

  /** The index domain of {@code level}. */
  public Box domainAt(int level) {
    Box b = domain;
    for (int l = 0; l < level; l++) {
      b = b.refine(options.ratio(l));
    }
    return b;
  }

  /** Cell width of {@code level}. */
  public double h(int level) {
    double h = h0;
    for (int l = 0; l < level; l++) {
      h /= options.ratio(l);
    }
    return h;
  }

  /** Blocks of {@code level} whose data this process holds, in layout order. */
  public List<Block> heldBlocks(int level) {
    List<Block> out = new ArrayList<>();
    for (Block b : layout.level(level)) {
      if (exchange.holds(layout.rankOf(b))) {
        out.add(b);
      }
    }
    return out;
  }

  public GridData data(Block b) {
    GridData g = data.get(b);
    if (g == null) {
      throw new IllegalArgumentException("block = " + b + ": not held by this process");
    }
    return g;
  }

  /**
   * For the valid cells of {@code b} (axis 0 fastest), whether a block of the next finer level covers them:
   * those cells hold restricted fine values.
   */
  public boolean[] coveredMask(Block b) {
    return coveredMasks.computeIfAbsent(b, k -> {
      boolean[] m = new boolean[Math.toIntExact(k.box().volume())];
      if (k.level() + 1 < layout.levelCount()) {
        int r = options.ratio(k.level());
        for (Patch p : layout.hierarchy().level(k.level() + 1)) {
          Optional<Box> s = p.box().coarsen(r).intersection(k.box());
          if (s.isPresent()) {
            Box c = s.get();
            for (int j = c.lo(1); j <= c.hi(1); j++) {
              for (int i = c.lo(0); i <= c.hi(0); i++) {
                m[(i - k.box().lo(0)) + (j - k.box().lo(1)) * k.box().length(0)] = true;
              }
            }
          }
        }
      }
      return m;
    });
  }

  // ---------------------------------------------------------------- ghost fill

  /** Where the values for one group of fine cells come from when they are interpolated from coarse cells. */
  private record Window(Block target, Box cells, Box stencil) {}

  private record FillPlan(List<CellMove> siblingMoves, List<Block> siblingTargets, List<CellMove> coarseMoves,
      List<Integer> coarseWindow, List<Window> windows) {}

  private FillPlan fillPlan(int level) {
    return fillPlans.computeIfAbsent(level, l -> {
      Box dom = domainAt(l);
      List<CellMove> sib = new ArrayList<>();
      List<Block> sibTargets = new ArrayList<>();
      List<Window> windows = new ArrayList<>();
      List<Block> blocks = layout.level(l);
      for (Block b : blocks) {
        Box grown = b.box().grow(options.ghostWidth()).orElseThrow();
        List<Box> parts = new ArrayList<>();
        for (Box part : Boxes.subtract(grown, b.box())) {
          part.intersection(dom).ifPresent(parts::add);
        }
        for (Block s : blocks) {
          if (s.equals(b)) {
            continue;
          }
          List<Box> rest = new ArrayList<>();
          for (Box part : parts) {
            Optional<Box> in = part.intersection(s.box());
            if (in.isPresent()) {
              sib.add(new CellMove(layout.rankOf(s), layout.rankOf(b), s, in.get()));
              sibTargets.add(b);
              rest.addAll(Boxes.subtract(part, s.box()));
            } else {
              rest.add(part);
            }
          }
          parts = rest;
        }
        if (!parts.isEmpty() && l == 0) {
          throw new IllegalStateException("level 0 leaves ghost cells " + parts + " of " + b + " uncovered");
        }
        for (Box part : parts) {
          windows.add(new Window(b, part, options.interpolation().stencil(part, options.ratio(l - 1))));
        }
      }
      List<CellMove> coarse = new ArrayList<>();
      List<Integer> coarseWindow = new ArrayList<>();
      addWindowMoves(l - 1, windows, coarse, coarseWindow);
      return new FillPlan(sib, sibTargets, coarse, coarseWindow, windows);
    });
  }

  /** Moves that bring the coarse cells of each window's stencil (inside the domain) to the window's target. */
  private void addWindowMoves(int coarseLevel, List<Window> windows, List<CellMove> moves, List<Integer> owners) {
    if (windows.isEmpty()) {
      return;
    }
    Box dom = domainAt(coarseLevel);
    for (int w = 0; w < windows.size(); w++) {
      Window win = windows.get(w);
      for (Block c : layout.level(coarseLevel)) {
        Optional<Box> in = win.stencil().intersection(c.box());
        if (in.isPresent()) {
          moves.add(new CellMove(layout.rankOf(c), layout.rankOf(win.target()), c, in.get()));
          owners.add(w);
        }
      }
      win.stencil().intersection(dom).orElseThrow(); // a stencil always touches the domain
    }
  }

  /**
   * Fills every ghost cell of {@code level}: from the parent level by interpolation where no sibling covers
   * them, from siblings, and from the boundary values {@code g} outside the domain. The parent level's
   * values must be current.
   */
  public void fillGhosts(int level, DirichletBoundary g) {
    FillPlan plan = fillPlan(level);
    if (level > 0) {
      interpolateWindows(level, plan.windows(), plan.coarseMoves(), plan.coarseWindow(), g, data);
    }
    exchangeSiblings(level);
    for (Block b : heldBlocks(level)) {
      fillPhysical(data.get(b), level, g);
    }
  }

  /** Copies sibling values into the ghost cells of {@code level} (what a relaxation needs between colours). */
  public void exchangeSiblings(int level) {
    FillPlan plan = fillPlan(level);
    List<double[]> got = exchange.move(plan.siblingMoves(), data::get);
    for (int k = 0; k < got.size(); k++) {
      if (got.get(k) != null) {
        data.get(plan.siblingTargets().get(k)).write(plan.siblingMoves().get(k).region(), got.get(k));
      }
    }
  }

  private void interpolateWindows(int level, List<Window> windows, List<CellMove> moves, List<Integer> owners,
      DirichletBoundary g, Map<Block, GridData> into) {
    interpolateWindows(level, windows, moves, owners, g, data, into, false);
  }

  private void interpolateWindows(int level, List<Window> windows, List<CellMove> moves, List<Integer> owners,
      DirichletBoundary g, Map<Block, GridData> from, Map<Block, GridData> into, boolean add) {
    List<double[]> got = exchange.move(moves, from::get);
    Map<Integer, double[]> buffers = new LinkedHashMap<>();
    for (int w = 0; w < windows.size(); w++) {
      if (exchange.holds(layout.rankOf(windows.get(w).target()))) {
        double[] buf = new double[Math.toIntExact(windows.get(w).stencil().volume())];
        Arrays.fill(buf, Double.NaN);
        buffers.put(w, buf);
      }
    }
    for (int k = 0; k < moves.size(); k++) {
      double[] v = got.get(k);
      if (v != null) {
        Window win = windows.get(owners.get(k));
        scatter(v, moves.get(k).region(), buffers.get(owners.get(k)), win.stencil());
      }
    }
    int r = options.ratio(level - 1);
    Box coarseDomain = domainAt(level - 1);
    double hc = h(level - 1);
    for (Map.Entry<Integer, double[]> e : buffers.entrySet()) {
      Window win = windows.get(e.getKey());
      double[] buf = e.getValue();
      extendToBoundary(buf, win.stencil(), coarseDomain, hc, g);
      for (double v : buf) {
        if (Double.isNaN(v)) {
          throw new IllegalStateException("level " + level + " block " + win.target().box() + " is not properly nested:"
              + " its interpolation stencil " + win.stencil() + " reaches beyond level " + (level - 1));
        }
      }
      if (add) {
        GridData tmp = GridData.create(win.cells(), 0);
        options.interpolation().apply(buf, win.stencil(), r, tmp, win.cells());
        GridData u = into.get(win.target());
        Box c = win.cells();
        for (int j = c.lo(1); j <= c.hi(1); j++) {
          for (int i = c.lo(0); i <= c.hi(0); i++) {
            u.set(i, j, u.get(i, j) + tmp.get(i, j));
          }
        }
      } else {
        options.interpolation().apply(buf, win.stencil(), r, into.get(win.target()), win.cells());
      }
    }
  }

  /**
   * Adds to every valid cell of level {@code fine} the interpolation of a coarse correction: {@code delta}
   * holds, for each level-(fine-1) block this process holds, a field over its valid cells (zero beyond the
   * domain). This carries a coarse level's response into the interior of the finer one, as the prolongation of
   * a multigrid correction does.
   */
  public void addInterpolated(int fine, Map<Block, GridData> delta) {
    if (fine < 1 || fine >= levelCount()) {
      throw new IllegalArgumentException("fine = " + fine + ": must be in [1, " + (levelCount() - 1) + "]");
    }
    List<Window> windows = new ArrayList<>();
    for (Block b : layout.level(fine)) {
      windows.add(new Window(b, b.box(), options.interpolation().stencil(b.box(), options.ratio(fine - 1))));
    }
    List<CellMove> moves = new ArrayList<>();
    List<Integer> owners = new ArrayList<>();
    addWindowMoves(fine - 1, windows, moves, owners);
    interpolateWindows(fine, windows, moves, owners, (x, y) -> 0, delta, data, true);
  }

  private static void scatter(double[] v, Box region, double[] buf, Box bufBox) {
    int k = 0;
    for (int j = region.lo(1); j <= region.hi(1); j++) {
      int o = (region.lo(0) - bufBox.lo(0)) + (j - bufBox.lo(1)) * bufBox.length(0);
      for (int i = region.lo(0); i <= region.hi(0); i++) {
        buf[o++] = v[k++];
      }
    }
  }

  /** Sets the cells of a window outside the domain by the boundary rule (mirrors lie in the window). */
  private static void extendToBoundary(double[] buf, Box box, Box dom, double h, DirichletBoundary g) {
    int nx = box.length(0);
    for (int j = box.lo(1); j <= box.hi(1); j++) {
      for (int i = box.lo(0); i <= box.hi(0); i++) {
        if (!dom.containsCell(i, j)) {
          int mi = mirror(i, dom.lo(0), dom.hi(0));
          int mj = mirror(j, dom.lo(1), dom.hi(1));
          double inside = box.containsCell(mi, mj) ? buf[(mi - box.lo(0)) + (mj - box.lo(1)) * nx] : Double.NaN;
          buf[(i - box.lo(0)) + (j - box.lo(1)) * nx] =
              2 * g.value(face(i, dom.lo(0), dom.hi(0), h), face(j, dom.lo(1), dom.hi(1), h)) - inside;
        }
      }
    }
  }

  private void fillPhysical(GridData u, int level, DirichletBoundary g) {
    Box dom = domainAt(level);
    Box grown = u.grownBox();
    if (dom.contains(grown)) {
      return;
    }
    double h = h(level);
    for (int j = grown.lo(1); j <= grown.hi(1); j++) {
      for (int i = grown.lo(0); i <= grown.hi(0); i++) {
        if (!dom.containsCell(i, j)) {
          int mi = mirror(i, dom.lo(0), dom.hi(0));
          int mj = mirror(j, dom.lo(1), dom.hi(1));
          u.set(i, j, 2 * g.value(face(i, dom.lo(0), dom.hi(0), h), face(j, dom.lo(1), dom.hi(1), h)) - u.get(mi, mj));
        }
      }
    }
  }

  private static int mirror(int i, int lo, int hi) {
    return i < lo ? 2 * lo - 1 - i : i > hi ? 2 * hi + 1 - i : i;
  }

  /** Coordinate of the boundary point nearest to cell {@code i}'s centre along one axis. */
  private static double face(int i, int lo, int hi, double h) {
    return i < lo ? lo * h : i > hi ? (hi + 1) * h : (i + 0.5) * h;
  }

  // ---------------------------------------------------------------- restriction

  private record Restriction(Block coarse, Box coarseCells, Box fineCells) {}

  private record RestrictPlan(List<CellMove> moves, List<Integer> owner, List<Restriction> parts) {}

  private RestrictPlan restrictPlan(int fine) {
    return restrictPlans.computeIfAbsent(fine, l -> {
      int r = options.ratio(l - 1);
      List<CellMove> moves = new ArrayList<>();
      List<Integer> owner = new ArrayList<>();
      List<Restriction> parts = new ArrayList<>();
      for (Block c : layout.level(l - 1)) {
        for (Patch p : layout.hierarchy().level(l)) {
          Optional<Box> k = p.box().coarsen(r).intersection(c.box());
          if (k.isEmpty()) {
            continue;
          }
          Box fineCells = k.get().refine(r);
          parts.add(new Restriction(c, k.get(), fineCells));
          for (Block f : layout.blocksOf(p.id())) {
            Optional<Box> in = f.box().intersection(fineCells);
            if (in.isPresent()) {
              moves.add(new CellMove(layout.rankOf(f), layout.rankOf(c), f, in.get()));
              owner.add(parts.size() - 1);
            }
          }
        }
      }
      return new RestrictPlan(moves, owner, parts);
    });
  }

  /** Replaces the level {@code fine - 1} values under level {@code fine} by the average of the fine cells. */
  public void restrict(int fine) {
    restrictInto(fine, data::get, data::get);
  }

  /**
   * The average over the fine cells of a field of level {@code fine} ({@code field} holds, for every
   * level-{@code fine} block this process holds, its valid cells): for every level-{@code fine - 1} block this
   * process holds, a field that is the average on the cells under level {@code fine} and zero elsewhere.
   */
  public Map<Block, GridData> restrictField(int fine, Map<Block, GridData> field) {
    Map<Block, GridData> out = new LinkedHashMap<>();
    if (fine >= 1 && fine < levelCount()) {
      for (Block c : heldBlocks(fine - 1)) {
        out.put(c, GridData.create(c.box(), 0));
      }
    }
    restrictInto(fine, field::get, out::get);
    return out;
  }

  private void restrictInto(int fine, Function<Block, GridData> from,
      Function<Block, GridData> to) {
    if (fine < 1 || fine >= levelCount()) {
      throw new IllegalArgumentException("fine = " + fine + ": must be in [1, " + (levelCount() - 1) + "]");
    }
    RestrictPlan plan = restrictPlan(fine);
    int r = options.ratio(fine - 1);
    List<double[]> got = exchange.move(plan.moves(), from::apply);
    Map<Integer, double[]> buffers = new LinkedHashMap<>();
    for (int k = 0; k < got.size(); k++) {
      if (got.get(k) != null) {
        Restriction part = plan.parts().get(plan.owner().get(k));
        double[] buf = buffers.computeIfAbsent(plan.owner().get(k),
            w -> new double[Math.toIntExact(part.fineCells().volume())]);
        scatter(got.get(k), plan.moves().get(k).region(), buf, part.fineCells());
      }
    }
    double inv = 1.0 / (r * r);
    for (Map.Entry<Integer, double[]> e : buffers.entrySet()) {
      Restriction part = plan.parts().get(e.getKey());
      double[] buf = e.getValue();
      GridData u = to.apply(part.coarse());
      Box k = part.coarseCells();
      int nx = part.fineCells().length(0);
      for (int j = k.lo(1); j <= k.hi(1); j++) {
        for (int i = k.lo(0); i <= k.hi(0); i++) {
          double sum = 0;
          for (int b = 0; b < r; b++) {
            int o = (i - k.lo(0)) * r + ((j - k.lo(1)) * r + b) * nx;
            for (int a = 0; a < r; a++) {
              sum += buf[o + a];
            }
          }
          u.set(i, j, sum * inv);
        }
      }
    }
  }

  // ---------------------------------------------------------------- new layouts

  /**
   * Moves to {@code next} (after a regrid, a remap, or both): every cell of a new block takes the value of the
   * old block of its level that held it, and cells no old block held are interpolated from the new parent
   * level (whose data is installed first).
   */
  public void install(Layout next, DirichletBoundary g) {
    install(next, g, state());
  }

  /** The layout and data as they are now, to install later layouts from (a regrid builds level by level). */
  public State state() {
    return new State(layout, data);
  }

  /** A layout with the data this process held for it; only {@link GridHierarchy} reads it. */
  public static final class State {
    private final Layout layout;
    private final Map<Block, GridData> data;

    private State(Layout layout, Map<Block, GridData> data) {
      this.layout = layout;
      this.data = data;
    }

    public Layout layout() {
      return layout;
    }
  }

  /**
   * Puts back a layout and data taken by {@link #state()} on this process, without communication: what a
   * failed migration does on the rank where it failed, so that nothing half-moved is ever computed on.
   */
  public void restore(State saved) {
    layout = saved.layout;
    data = saved.data;
    fillPlans.clear();
    restrictPlans.clear();
    coveredMasks.clear();
  }

  /** As {@link #install(Layout, DirichletBoundary)}, copying from {@code from} instead of the current data. */
  public void install(Layout next, DirichletBoundary g, State from) {
    checkLayout(next);
    Layout old = from.layout;
    Map<Block, GridData> oldData = from.data;
    layout = next;
    data = new HashMap<>();
    fillPlans.clear();
    restrictPlans.clear();
    coveredMasks.clear();
    for (int l = 0; l < next.levelCount(); l++) {
      List<Block> blocks = next.level(l);
      for (Block b : blocks) {
        if (exchange.holds(next.rankOf(b))) {
          data.put(b, GridData.create(b.box(), options.ghostWidth()));
        }
      }
      List<CellMove> copies = new ArrayList<>();
      List<Block> targets = new ArrayList<>();
      List<Window> windows = new ArrayList<>();
      for (Block b : blocks) {
        List<Box> rest = List.of(b.box());
        for (Block o : old.level(l)) {
          Optional<Box> in = o.box().intersection(b.box());
          if (in.isPresent()) {
            copies.add(new CellMove(old.rankOf(o), next.rankOf(b), o, in.get()));
            targets.add(b);
            rest = Boxes.subtract(rest, o.box());
          }
        }
        if (!rest.isEmpty() && l == 0) {
          throw new IllegalStateException("level 0 of the old layout does not cover " + rest);
        }
        for (Box part : rest) {
          windows.add(new Window(b, part, options.interpolation().stencil(part, options.ratio(l - 1))));
        }
      }
      List<double[]> got = exchange.move(copies, oldData::get);
      for (int k = 0; k < got.size(); k++) {
        if (got.get(k) != null) {
          data.get(targets.get(k)).write(copies.get(k).region(), got.get(k));
        }
      }
      if (l > 0) {
        List<CellMove> moves = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        addWindowMoves(l - 1, windows, moves, owners);
        interpolateWindows(l, windows, moves, owners, g, data);
      }
    }
  }

  // ---------------------------------------------------------------- gathering

  /**
   * Copies of the valid cells of every block, on the processes that hold {@code root} (empty map elsewhere);
   * for pictures and files.
   */
  public Map<Block, GridData> gather(int root) {
    List<CellMove> moves = new ArrayList<>();
    List<Block> blocks = new ArrayList<>();
    for (int l = 0; l < levelCount(); l++) {
      for (Block b : layout.level(l)) {
        moves.add(new CellMove(layout.rankOf(b), root, b, b.box()));
        blocks.add(b);
      }
    }
    List<double[]> got = exchange.move(moves, data::get);
    Map<Block, GridData> out = new LinkedHashMap<>();
    for (int k = 0; k < got.size(); k++) {
      if (got.get(k) != null) {
        GridData copy = GridData.create(blocks.get(k).box(), 0);
        copy.write(blocks.get(k).box(), got.get(k));
        out.put(blocks.get(k), copy);
      }
    }
    return out;
  }
}
