package org.amrbalance.balancers.packing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

class IdleGrowthTest {
  /** The thesis's allocation, which these tests are about (the default allocation is by volume along a curve). */
  private static final GridPackingOptions THESIS = GridPackingOptions.defaults().withAllocation(Allocation.PACKING);

  /** About as many grids per level as ranks: the comparison run's random hierarchies. */
  private static final RandomHierarchies NEAR_RANKS = RandomHierarchies.defaults().dim(2).baseSize(64).rootTiles(4)
      .levels(3).ratio(2).maxChildren(4);

  @Test
  void blocksOnlyGrowStayDisjointAndInsideTheMesh() {
    Random rnd = new Random(611L);
    SubMeshAllocator allocator = SubMeshAllocator.of(TightPacker.defaults(), Scaling.NON_UNIFORM);
    int grown = 0;
    for (int t = 0; t < 300; t++) {
      ProcessorGrid grid = ProcessorGrid.rowMajor(1 + rnd.nextInt(12), 1 + rnd.nextInt(12));
      List<Item> items = RandomItems.rectangles(rnd, 1 + rnd.nextInt(grid.size()), 1 + rnd.nextInt(30));
      SubMeshAllocation before = allocator.allocate(items, grid);
      SubMeshAllocation after = IdleGrowth.grow(before, items);
      List<Block> blocks = new ArrayList<>(after.blocks().values());
      for (Item i : items) {
        Block b0 = before.block(i.id());
        Block b1 = after.block(i.id());
        assertThat(b1.intersection(b0)).as("instance %d: %s keeps %s", t, b1, b0).isEqualTo(b0);
        assertThat(b1.right() <= grid.columns() && b1.top() <= grid.rows()).as("instance %d", t).isTrue();
        assertThat(IdleGrowth.usable(i, b1, after.rotated(i.id())))
            .isGreaterThanOrEqualTo(IdleGrowth.usable(i, b0, before.rotated(i.id())));
        grown += b1.equals(b0) ? 0 : 1;
      }
      for (int a = 0; a < blocks.size(); a++) {
        for (int b = a + 1; b < blocks.size(); b++) {
          assertThat(blocks.get(a).overlaps(blocks.get(b))).as("instance %d", t).isFalse();
        }
      }
      assertThat(IdleGrowth.idle(after)).isLessThanOrEqualTo(IdleGrowth.idle(before));
    }
    assertThat(grown).as("blocks that grew").isPositive();
  }

  @Test
  void repairedLevelsBalanceBetterWithTheIdleProcessorsHandedOut() {
    // 20 seeded hierarchies with 16 to about 100 grids per level on 16x16 ranks, where packing needs the
    // repair. Judged by BalanceReport on the balancer's assignment against the same pipeline without growth.
    Machine machine = Machine.mesh(16, 16);
    double syncWith = 0;
    double syncWithout = 0;
    double effWith = 0;
    double effWithout = 0;
    for (long seed = 1000; seed < 1020; seed++) {
      Hierarchy h = NEAR_RANKS.generate(seed);
      BalanceProblem problem = BalanceProblem.of(h, machine);
      BalanceReport with = BalanceReport.of(problem, new GridPackingBalancer(THESIS).balance(problem));
      BalanceReport without = BalanceReport.of(problem, withoutGrowth(problem));
      // No grid gets fewer processors, so no level's slowest rank gets slower.
      assertThat(with.levelSynchronousMakespan()).as("seed %d", seed)
          .isLessThanOrEqualTo(without.levelSynchronousMakespan());
      syncWith += with.levelSynchronousEfficiency();
      syncWithout += without.levelSynchronousEfficiency();
      effWith += with.efficiency();
      effWithout += without.efficiency();
    }
    assertThat(syncWith).isGreaterThan(syncWithout * 1.03);
    assertThat(effWith).isGreaterThan(effWithout * 1.03);
  }

  /** The default pipeline with the blocks of the repaired packing as they are. */
  private static Assignment withoutGrowth(BalanceProblem problem) {
    Hierarchy h = problem.hierarchy();
    SubMeshAllocator allocator = SubMeshAllocator.of(TightPacker.defaults(), Scaling.NON_UNIFORM);
    LevelPipeline pipeline = new LevelPipeline(allocator, -1, null);
    List<Piece> pieces = new ArrayList<>();
    for (int level = 0; level < h.levelCount(); level++) {
      List<Patch> patches = h.level(level);
      if (patches.size() > problem.ranks()) {
        pieces.addAll(LevelPipeline.wholeGridsLeastLoaded(patches, problem.ranks()));
        continue;
      }
      List<Item> items = patches.stream().map(GridCutter::itemOf).toList();
      SubMeshAllocation a = pipeline.bestShape(items, ProcessorGrid.candidates(problem.machine().topology()));
      for (Patch p : patches) {
        pieces.addAll(GridCutter.cut(p, a.block(p.id()), a.rotated(p.id()), a.grid()));
      }
    }
    return Assignment.of(h, problem.ranks(), pieces);
  }
}
