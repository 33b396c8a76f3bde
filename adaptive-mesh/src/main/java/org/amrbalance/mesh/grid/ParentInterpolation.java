package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.BoxIndex;

/**
 * Fine cells from the parent level: brings the coarse cells of each {@link Window}'s stencil to the window's rank,
 * extends them beyond the domain by the boundary rule and interpolates (ghost fill, new grids, corrections).
 */
final class ParentInterpolation {
  private final GridHierarchy grids;

  ParentInterpolation(GridHierarchy grids) {
    this.grids = grids;
  }

  /** The moves of {@code windows} (of level {@code fine}), with the window each move serves. */
  record Schedule(List<Window> windows, MoveSchedule moves, List<Integer> owners) {}

  /** Moves that bring the coarse cells of each window's stencil (inside the domain) to the window's target. */
  Schedule schedule(int fine, List<Window> windows, ExchangeKind kind) {
    List<CellMove> moves = new ArrayList<>();
    List<Integer> owners = new ArrayList<>();
    if (!windows.isEmpty()) {
      Layout layout = grids.layout();
      int coarseLevel = fine - 1;
      Box dom = grids.domainAt(coarseLevel);
      List<Block> coarse = layout.level(coarseLevel);
      BoxIndex index = layout.index(coarseLevel);
      for (int w = 0; w < windows.size(); w++) {
        Window win = windows.get(w);
        for (int k : index.intersecting(win.stencil())) {
          Block c = coarse.get(k);
          Optional<Box> in = win.stencil().intersection(c.box());
          if (in.isPresent()) {
            moves.add(new CellMove(layout.rankOf(c), layout.rankOf(win.target()), c, in.get()));
            owners.add(w);
          }
        }
        win.stencil().intersection(dom).orElseThrow(); // a stencil always touches the domain
      }
    }
    return new Schedule(windows, MoveSchedule.of(kind, moves, grids.exchange()), owners);
  }

  /** Sets the window cells of level {@code fine} in the grids' data to the interpolation of the parent's values. */
  void set(int fine, Schedule s, DirichletBoundary g) {
    apply(fine, s, g, grids.blockData(), grids.blockData(), false);
  }

  /** Adds to the window cells of level {@code fine} the interpolation of {@code from}, a field of the parent level. */
  void add(int fine, Schedule s, DirichletBoundary g, Map<Block, GridData> from) {
    apply(fine, s, g, from, grids.blockData(), true);
  }

  private void apply(int level, Schedule s, DirichletBoundary g, Map<Block, GridData> from,
      Map<Block, GridData> into, boolean add) {
    List<Window> windows = s.windows();
    List<CellMove> moves = s.moves().moves();
    List<Integer> owners = s.owners();
    Layout layout = grids.layout();
    AmrOptions options = grids.options();
    Map<Integer, double[]> buffers = new LinkedHashMap<>();
    for (int w = 0; w < windows.size(); w++) {
      if (grids.exchange().holds(layout.rankOf(windows.get(w).target()))) {
        double[] buf = new double[Math.toIntExact(windows.get(w).stencil().volume())];
        Arrays.fill(buf, Double.NaN);
        buffers.put(w, buf);
      }
    }
    // Each move fills its own cells of its window's buffer: the order of arrival does not matter.
    grids.exchange().run(s.moves(), s.moves().reader(from), (k, v, offset) ->
        scatter(v, offset, moves.get(k).region(), buffers.get(owners.get(k)), windows.get(owners.get(k)).stencil()));
    int r = options.ratio(level - 1);
    Box coarseDomain = grids.domainAt(level - 1);
    double hc = grids.h(level - 1);
    for (Map.Entry<Integer, double[]> e : buffers.entrySet()) {
      Window win = windows.get(e.getKey());
      double[] buf = e.getValue();
      PhysicalBoundary.extend(buf, win.stencil(), coarseDomain, hc, g);
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

  /** Copies the values of {@code region} (axis 0 fastest) into their place in a buffer over {@code bufBox}. */
  static void scatter(double[] v, int offset, Box region, double[] buf, Box bufBox) {
    int k = offset;
    for (int j = region.lo(1); j <= region.hi(1); j++) {
      int o = (region.lo(0) - bufBox.lo(0)) + (j - bufBox.lo(1)) * bufBox.length(0);
      for (int i = region.lo(0); i <= region.hi(0); i++) {
        buf[o++] = v[k++];
      }
    }
  }
}
