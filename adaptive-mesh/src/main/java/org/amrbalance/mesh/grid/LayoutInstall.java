package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.BoxIndex;

/**
 * Installs a new layout after a regrid, coarsest level first: every cell of a new block takes the value of the old
 * block of its level that held it, and cells no old block held are interpolated from the new parent level.
 */
final class LayoutInstall {
  private LayoutInstall() {}

  static void install(GridHierarchy grids, Layout next, DirichletBoundary g, GridHierarchy.State from, int keep) {
    Layout old = from.layout();
    Map<Block, GridData> oldData = from.data();
    Layout current = grids.layout();
    Map<Block, GridData> currentData = grids.blockData();
    AmrOptions options = grids.options();
    GridExchange exchange = grids.exchange();
    Map<Block, GridData> data = new HashMap<>();
    // The new layout is in force before its first level is filled: interpolation reads the new parents.
    grids.replace(next, data);
    ParentInterpolation parent = new ParentInterpolation(grids);
    for (int l = 0; l < next.levelCount(); l++) {
      List<Block> blocks = next.level(l);
      if (l < keep && unchanged(current, next, l)) {
        // Every rank decides alike (same layouts), so no rank waits in an exchange another skips.
        for (Block b : blocks) {
          if (exchange.holds(next.rankOf(b))) {
            data.put(b, currentData.get(b));
          }
        }
        continue;
      }
      for (Block b : blocks) {
        if (exchange.holds(next.rankOf(b))) {
          data.put(b, GridData.create(b.box(), options.ghostWidth()));
        }
      }
      List<CellMove> copies = new ArrayList<>();
      List<Block> targets = new ArrayList<>();
      List<Window> windows = new ArrayList<>();
      List<Block> before = old.level(l);
      BoxIndex index = old.index(l);
      for (Block b : blocks) {
        List<Box> rest = List.of(b.box());
        for (int k : index.intersecting(b.box())) {
          Block o = before.get(k);
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
      exchange.run(MoveSchedule.of(ExchangeKind.INSTALL, copies, exchange), oldData::get,
          GridExchange.CopySink.of(copies, k -> data.get(targets.get(k))));
      if (l > 0) {
        parent.set(l, parent.schedule(l, windows, ExchangeKind.INSTALL), g);
      }
    }
  }

  /** True if level {@code l} has the same blocks, in the same order and on the same ranks, in both layouts. */
  private static boolean unchanged(Layout current, Layout next, int l) {
    if (l >= current.levelCount() || !current.level(l).equals(next.level(l))) {
      return false;
    }
    for (Block b : next.level(l)) {
      if (current.rankOf(b) != next.rankOf(b)) {
        return false;
      }
    }
    return true;
  }
}
