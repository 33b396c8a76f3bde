package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;

/**
 * The grid-partitioning balancer of seed 002 chapter 5: every grid of a level gets processors in proportion to
 * its size and is cut over them, level by level. By default ({@link Allocation#CURVE}) the processors are
 * allocated by volume along a Hilbert curve of the level's grids and each grid is cut in every axis into one
 * near-cubic piece per processor ({@code CurvePartition}), whatever the grid count, down to a minimum piece edge.
 * With {@link Allocation#PACKING}, the thesis's allocation: each level's grids are packed by TP into a box shaped
 * like the processor mesh, the packing is scaled onto the mesh so that every grid gets its own rectangular block
 * of processors (hypercubes through a Gray-code embedded mesh), and each grid is cut over its block; optionally
 * each child's block is kept within a hop cap of its parent's (section 5.4). 1-D hierarchies can use the linear
 * inter-grid allocation of section 5.4.1 instead.
 */
public final class GridPackingBalancer implements LoadBalancer {
  private final GridPackingOptions options;
  private final LevelPipeline pipeline;

  public GridPackingBalancer(GridPackingOptions options) {
    this.options = Checks.notNull("options", options);
    TightPacker packer = TightPacker.defaults().withOrder(options.order()).withRule(options.orientationRule())
        .withHolePruning(options.pruneHoles());
    this.pipeline = new LevelPipeline(
        SubMeshAllocator.of(packer, options.scaling()).withMaxRepairRounds(options.maxRepairRounds()),
        options.hopCap(),
        options.linearInterGrid() ? new LinearPipeline(options.packetSize(), 0) : null,
        options.allocation() == Allocation.CURVE ? options.effectiveMinEdge() : 0);
  }

  public static GridPackingBalancer defaults() {
    return new GridPackingBalancer(GridPackingOptions.defaults());
  }

  public GridPackingOptions options() {
    return options;
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    Checks.notNull("problem", problem);
    return pipeline.balance(problem);
  }
}
