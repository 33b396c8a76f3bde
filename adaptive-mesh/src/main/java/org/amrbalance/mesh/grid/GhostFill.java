package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.BoxIndex;

/**
 * The ghost cells of one layout: per level, a schedule (computed once) of the moves from siblings and of the
 * windows interpolated from the parent level, and the fills that run it.
 */
final class GhostFill {
  private final GridHierarchy grids;
  private final ParentInterpolation parent;
  private final Map<Integer, Schedule> schedules = new HashMap<>();
  private final Map<Integer, ParentInterpolation.Schedule> corrections = new HashMap<>();

  /**
   * Sibling moves (aligned with the blocks they fill) and who sends which of them to whom, and the parent
   * interpolation of what no sibling covers.
   */
  private record Schedule(MoveSchedule siblings, List<Block> siblingTargets,
      ParentInterpolation.Schedule fromParent, StorageCache targetStorage) {}

  GhostFill(GridHierarchy grids, ParentInterpolation parent) {
    this.grids = grids;
    this.parent = parent;
  }

  private Schedule schedule(int level) {
    return schedules.computeIfAbsent(level, l -> {
      Layout layout = grids.layout();
      AmrOptions options = grids.options();
      Box dom = grids.domainAt(l);
      List<CellMove> sib = new ArrayList<>();
      List<Block> sibTargets = new ArrayList<>();
      List<Window> windows = new ArrayList<>();
      List<Block> blocks = layout.level(l);
      // Only blocks that touch the ghost frame matter; in ascending order, as a pass over all of them would meet them.
      BoxIndex index = layout.index(l);
      for (Block b : blocks) {
        Box grown = b.box().grow(options.ghostWidth()).orElseThrow();
        List<Box> parts = new ArrayList<>();
        for (Box part : Boxes.subtract(grown, b.box())) {
          part.intersection(dom).ifPresent(parts::add);
        }
        for (int k : index.intersecting(grown)) {
          Block s = blocks.get(k);
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
      return new Schedule(MoveSchedule.of(ExchangeKind.GHOST_FILL, sib, grids.exchange()), sibTargets,
          parent.schedule(l, windows, ExchangeKind.INTERPOLATION), new StorageCache());
    });
  }

  /** Every ghost cell of {@code level}: from the parent level, then from siblings, then from the boundary. */
  void fill(int level, DirichletBoundary g) {
    Schedule s = schedule(level);
    if (level > 0) {
      parent.set(level, s.fromParent(), g);
    }
    exchangeSiblings(level);
    Box dom = grids.domainAt(level);
    double h = grids.h(level);
    for (Block b : grids.heldBlocks(level)) {
      PhysicalBoundary.fill(grids.data(b), dom, h, g);
    }
  }

  /** Copies sibling values into the ghost cells of {@code level}. */
  void exchangeSiblings(int level) {
    startSiblings(level).finish();
  }

  /**
   * Starts copying sibling values into the ghost cells of {@code level}: the values are read now, and until
   * {@link GridExchange.Pending#finish} only ghost cells of the level may be unwritten (valid cells may change).
   */
  GridExchange.Pending startSiblings(int level) {
    return startSiblings(level, grids.blockData());
  }

  /** Copies sibling values of {@code field} (laid out as the level's data) into its ghost cells. */
  void exchangeSiblings(int level, Map<Block, GridData> field) {
    startSiblings(level, field).finish();
  }

  private GridExchange.Pending startSiblings(int level, Map<Block, GridData> data) {
    Schedule s = schedule(level);
    GridData[] targets = s.targetStorage().of(data, s.siblingTargets());
    return grids.exchange().start(s.siblings(), s.siblings().reader(data),
        GridExchange.CopySink.of(s.siblings().moves(), k -> targets[k]));
  }

  /** Adds to every valid cell of level {@code fine} the interpolation of {@code delta}, a field of its parent level. */
  void addInterpolated(int fine, Map<Block, GridData> delta) {
    ParentInterpolation.Schedule s = corrections.computeIfAbsent(fine, l -> {
      AmrOptions options = grids.options();
      List<Window> windows = new ArrayList<>();
      for (Block b : grids.layout().level(l)) {
        windows.add(new Window(b, b.box(), options.interpolation().stencil(b.box(), options.ratio(l - 1))));
      }
      return parent.schedule(l, windows, ExchangeKind.INTERPOLATION);
    });
    parent.add(fine, s, (x, y) -> 0, delta);
  }
}
