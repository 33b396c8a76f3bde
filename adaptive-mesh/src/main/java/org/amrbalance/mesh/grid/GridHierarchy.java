package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Patch;

/**
 * The data of a 2-D Berger–Oliger hierarchy on this process: the layout, the geometry of its levels and the blocks
 * this process holds. The operations between grids are done by their own classes, on the layout in force: ghost
 * fill ({@link GhostFill}: siblings, parent interpolation, the physical boundary), restriction
 * ({@link Restriction}), installing a new layout after a regrid ({@link LayoutInstall}) and executing a migration
 * plan ({@link PlanMigration}). Every operation that needs data of another block goes through the
 * {@link GridExchange}.
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
  // What depends on the layout: computed when first needed, dropped with the layout.
  private final Map<Block, boolean[]> coveredMasks = new HashMap<>();
  private GhostFill ghosts;
  private Restriction restriction;

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
    Map<Block, GridData> data = new HashMap<>();
    for (int l = 0; l < initial.levelCount(); l++) {
      for (Block b : initial.level(l)) {
        if (exchange.holds(initial.rankOf(b))) {
          data.put(b, GridData.create(b.box(), options.ghostWidth()));
        }
      }
    }
    g.replace(initial, data);
    return g;
  }

  void checkLayout(Layout next) {
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

  /** Puts {@code next} and its data in force; the schedules of the old layout go with it. */
  void replace(Layout next, Map<Block, GridData> nextData) {
    layout = next;
    data = nextData;
    coveredMasks.clear();
    ParentInterpolation parent = new ParentInterpolation(this);
    ghosts = new GhostFill(this, parent);
    restriction = new Restriction(this);
  }

  /** The data of the held blocks, as the operations on them read and write it. */
  Map<Block, GridData> blockData() {
    return data;
  }

  // ---------------------------------------------------------------- operations

  /**
   * Fills every ghost cell of {@code level}: from the parent level by interpolation where no sibling covers
   * them, from siblings, and from the boundary values {@code g} outside the domain. The parent level's
   * values must be current.
   */
  public void fillGhosts(int level, DirichletBoundary g) {
    ghosts.fill(level, g);
  }

  /** Copies sibling values into the ghost cells of {@code level} (what a relaxation needs between colours). */
  public void exchangeSiblings(int level) {
    ghosts.exchangeSiblings(level);
  }

  /**
   * Copies sibling values of {@code field} into its ghost cells: {@code field} holds, for every level-{@code level}
   * block this process holds, data over the block's box with this hierarchy's ghost width (a right-hand side, say).
   */
  public void exchangeSiblings(int level, Map<Block, GridData> field) {
    ghosts.exchangeSiblings(level, field);
  }

  /**
   * Starts {@link #exchangeSiblings}: sibling values are read now and written into ghost cells by the time
   * {@link GridExchange.Pending#finish} returns; in between, the caller may change valid cells of the level (a
   * relaxation of cells that read no ghost cell) but must not read its ghost cells.
   */
  public GridExchange.Pending startSiblingExchange(int level) {
    return ghosts.startSiblings(level);
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
    ghosts.addInterpolated(fine, delta);
  }

  /** Replaces the level {@code fine - 1} values under level {@code fine} by the average of the fine cells. */
  public void restrict(int fine) {
    restriction.restrict(fine);
  }

  /**
   * The average over the fine cells of a field of level {@code fine} ({@code field} holds, for every
   * level-{@code fine} block this process holds, its valid cells): for every level-{@code fine - 1} block this
   * process holds, a field that is the average on the cells under level {@code fine} and zero elsewhere.
   */
  public Map<Block, GridData> restrictField(int fine, Map<Block, GridData> field) {
    return restriction.restrictField(fine, field);
  }

  // ---------------------------------------------------------------- new layouts

  /**
   * Moves to {@code next} (after a regrid): every cell of a new block takes the value of the old block of its
   * level that held it, and cells no old block held are interpolated from the new parent level (whose data is
   * installed first).
   */
  public void install(Layout next, DirichletBoundary g) {
    install(next, g, state());
  }

  /** As {@link #install(Layout, DirichletBoundary)}, copying from {@code from} instead of the current data. */
  public void install(Layout next, DirichletBoundary g, State from) {
    install(next, g, from, 0);
  }

  /**
   * As {@link #install(Layout, DirichletBoundary, State)}, but the levels below {@code keep} whose blocks and ranks
   * are those of the current layout keep their current data: the caller knows it is what installing them from
   * {@code from} would give (a regrid installs level by level, each time over the levels it installed before).
   */
  public void install(Layout next, DirichletBoundary g, State from, int keep) {
    checkLayout(next);
    if (keep < 0) {
      throw new IllegalArgumentException("keep = " + keep + ": must be >= 0");
    }
    LayoutInstall.install(this, next, g, from, keep);
  }

  /**
   * Executes {@code plan}, a remap of the current hierarchy whose source is the current assignment: exactly its
   * transfers move (read on their old rank, written on their new one), cells that stay on their rank are copied
   * without a message. Returns what this process sent, received and copied.
   */
  public Migrated migrate(MigrationPlan plan) {
    if (plan == null) {
      throw new IllegalArgumentException("plan = null: must not be null");
    }
    return PlanMigration.migrate(this, plan);
  }

  /** The layout and data as they are now, to install later layouts from (a regrid builds level by level). */
  public State state() {
    return new State(layout, data);
  }

  /** A layout with the data this process held for it; only the grid package reads the data. */
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

    Map<Block, GridData> data() {
      return data;
    }
  }

  /**
   * Puts back a layout and data taken by {@link #state()} on this process, without communication: what a
   * failed migration does on the rank where it failed, so that nothing half-moved is ever computed on.
   */
  public void restore(State saved) {
    replace(saved.layout, saved.data);
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
