package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.BoxIndex;
import org.amrbalance.spi.Patch;

/**
 * Restriction in one layout: the average of the fine cells over each coarse cell under a finer level, with the
 * moves that bring the fine values to the coarse block's rank scheduled once per level.
 */
final class Restriction {
  private final GridHierarchy grids;
  private final Map<Integer, Schedule> schedules = new HashMap<>();

  /** The coarse cells of one coarse block under one fine patch, and the fine cells over them. */
  private record Part(Block coarse, Box coarseCells, Box fineCells) {}

  private record Schedule(MoveSchedule moves, List<Integer> owner, List<Part> parts) {}

  Restriction(GridHierarchy grids) {
    this.grids = grids;
  }

  private Schedule schedule(int fine) {
    return schedules.computeIfAbsent(fine, l -> {
      Layout layout = grids.layout();
      int r = grids.options().ratio(l - 1);
      List<CellMove> moves = new ArrayList<>();
      List<Integer> owner = new ArrayList<>();
      List<Part> parts = new ArrayList<>();
      List<Patch> finePatches = layout.hierarchy().level(l);
      List<Box> shadows = new ArrayList<>(finePatches.size());
      finePatches.forEach(p -> shadows.add(p.box().coarsen(r)));
      // Which fine patches lie over a coarse block, in patch order, without a pass over every pair.
      BoxIndex index = new BoxIndex(shadows);
      for (Block c : layout.level(l - 1)) {
        for (int i : index.intersecting(c.box())) {
          Patch p = finePatches.get(i);
          Optional<Box> k = shadows.get(i).intersection(c.box());
          if (k.isEmpty()) {
            continue;
          }
          Box fineCells = k.get().refine(r);
          parts.add(new Part(c, k.get(), fineCells));
          for (Block f : layout.blocksOf(p.id())) {
            Optional<Box> in = f.box().intersection(fineCells);
            if (in.isPresent()) {
              moves.add(new CellMove(layout.rankOf(f), layout.rankOf(c), f, in.get()));
              owner.add(parts.size() - 1);
            }
          }
        }
      }
      return new Schedule(MoveSchedule.of(ExchangeKind.RESTRICTION, moves, grids.exchange()), owner, parts);
    });
  }

  /** Replaces the level {@code fine - 1} values under level {@code fine} by the average of the fine cells. */
  void restrict(int fine) {
    Map<Block, GridData> data = grids.blockData();
    restrictInto(fine, data, data::get);
  }

  /** The average over the fine cells of a field of level {@code fine}, zero where no fine cell is above. */
  Map<Block, GridData> restrictField(int fine, Map<Block, GridData> field) {
    Map<Block, GridData> out = new LinkedHashMap<>();
    if (fine >= 1 && fine < grids.levelCount()) {
      for (Block c : grids.heldBlocks(fine - 1)) {
        out.put(c, GridData.create(c.box(), 0));
      }
    }
    restrictInto(fine, field, out::get);
    return out;
  }

  private void restrictInto(int fine, Map<Block, GridData> from, Function<Block, GridData> to) {
    if (fine < 1 || fine >= grids.levelCount()) {
      throw new IllegalArgumentException("fine = " + fine + ": must be in [1, " + (grids.levelCount() - 1) + "]");
    }
    Schedule plan = schedule(fine);
    int r = grids.options().ratio(fine - 1);
    List<CellMove> moves = plan.moves().moves();
    Map<Integer, double[]> buffers = new LinkedHashMap<>();
    // Each move fills its own fine cells of its part, and each part averages alone: arrival order does not matter.
    grids.exchange().run(plan.moves(), plan.moves().reader(from), (k, v, offset) -> {
      Part part = plan.parts().get(plan.owner().get(k));
      double[] buf = buffers.computeIfAbsent(plan.owner().get(k),
          w -> new double[Math.toIntExact(part.fineCells().volume())]);
      ParentInterpolation.scatter(v, offset, moves.get(k).region(), buf, part.fineCells());
    });
    double inv = 1.0 / (r * r);
    for (Map.Entry<Integer, double[]> e : buffers.entrySet()) {
      Part part = plan.parts().get(e.getKey());
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
}
