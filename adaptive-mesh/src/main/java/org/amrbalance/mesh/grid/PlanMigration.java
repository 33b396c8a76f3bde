package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.MigrationPlan;
import org.amrbalance.spi.Transfer;

/**
 * Carries out a {@link MigrationPlan} of the current hierarchy: each transfer's region is read from its source
 * block on its old rank and written into its target block on its new rank, in one batch of moves; cells that stay
 * on their rank are copied locally. Nothing else moves, so the plan the balancing service measured is exactly the
 * one executed.
 */
final class PlanMigration {
  private PlanMigration() {}

  static Migrated migrate(GridHierarchy grids, MigrationPlan plan) {
    Layout old = grids.layout();
    Assignment target = plan.target();
    if (plan.source() == null || !plan.source().equals(old.assignment())) {
      throw new IllegalArgumentException("plan = " + plan + ": its source must be the current assignment");
    }
    if (!target.hierarchy().equals(old.hierarchy())) {
      throw new IllegalArgumentException("plan target = " + target + ": must be for the current hierarchy");
    }
    if (target.ranks() != grids.exchange().ranks()) {
      throw new IllegalArgumentException("plan target ranks = " + target.ranks() + ": must equal "
          + grids.exchange().ranks());
    }
    Layout next = Layout.of(target);
    grids.checkLayout(next);
    List<CellMove> moves = new ArrayList<>();
    List<Block> targets = new ArrayList<>();
    for (Transfer t : plan.transfers()) {
      moves.add(new CellMove(t.fromRank(), t.toRank(), blockOf(old, t.sourcePatchId(), t.fromRank(), t.region()),
          t.region()));
      targets.add(blockOf(next, t.targetPatchId(), t.toRank(), t.region()));
    }
    checkCovers(old, next, moves, targets);
    GridExchange exchange = grids.exchange();
    Map<Block, GridData> oldData = grids.blockData();
    Map<Block, GridData> data = new HashMap<>();
    long copied = 0;
    for (int l = 0; l < next.levelCount(); l++) {
      for (Block b : next.level(l)) {
        int rank = next.rankOf(b);
        if (!exchange.holds(rank)) {
          continue;
        }
        // Fresh blocks, as a new layout gets: ghost cells are filled before they are read.
        GridData d = GridData.create(b.box(), grids.options().ghostWidth());
        data.put(b, d);
        // Only the old blocks the new one meets (an index, not every pair: 10^5 blocks stay near-linear).
        for (int i : old.index(l).intersecting(b.box())) {
          Block o = old.level(l).get(i);
          if (old.rankOf(o) == rank) {
            var in = o.box().intersection(b.box());
            if (in.isPresent()) {
              d.write(in.get(), oldData.get(o).read(in.get()));
              copied += in.get().volume();
            }
          }
        }
      }
    }
    int[] sent = new int[1];
    List<double[]> got = exchange.move(moves, b -> {
      sent[0]++;
      return oldData.get(b);
    });
    long cellsSent = 0;
    for (CellMove m : moves) {
      cellsSent += exchange.holds(m.fromRank()) ? m.region().volume() : 0;
    }
    int received = 0;
    long cellsReceived = 0;
    for (int k = 0; k < got.size(); k++) {
      // Missing values: the exchange recorded a failure, and the caller undoes the migration.
      if (got.get(k) != null) {
        data.get(targets.get(k)).write(moves.get(k).region(), got.get(k));
        received++;
        cellsReceived += got.get(k).length;
      }
    }
    grids.replace(next, data);
    return new Migrated(sent[0], cellsSent, received, cellsReceived, copied);
  }

  /** The block of {@code patchId} on {@code rank} that holds {@code region}. */
  private static Block blockOf(Layout layout, int patchId, int rank, Box region) {
    for (Block b : layout.blocksOf(patchId)) {
      if (layout.rankOf(b) == rank && b.box().contains(region)) {
        return b;
      }
    }
    throw new IllegalArgumentException("transfer of " + region + " of patch " + patchId + " on rank " + rank
        + ": no such block in the layout");
  }

  /**
   * Every rank checks the whole plan alike, before anything moves: each new block's cells are copied from its own
   * rank or received by exactly the transfers, so that no cell is left without a value.
   */
  private static void checkCovers(Layout old, Layout next, List<CellMove> moves, List<Block> targets) {
    Map<Block, Long> cells = new HashMap<>();
    for (int k = 0; k < moves.size(); k++) {
      cells.merge(targets.get(k), moves.get(k).region().volume(), Long::sum);
    }
    for (int l = 0; l < next.levelCount(); l++) {
      for (Block b : next.level(l)) {
        long n = cells.getOrDefault(b, 0L);
        for (int i : old.index(l).intersecting(b.box())) {
          Block o = old.level(l).get(i);
          if (old.rankOf(o) == next.rankOf(b)) {
            n += o.box().overlapVolume(b.box());
          }
        }
        if (n != b.box().volume()) {
          throw new IllegalArgumentException("plan gives block " + b + " on rank " + next.rankOf(b) + " " + n
              + " of its " + b.box().volume() + " cells: its transfers do not match the layouts");
        }
      }
    }
  }
}
