package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;

/**
 * The grid-partitioning balancer with the level-packing baseline ({@link ShelfPacker}) in place of TP: the
 * thesis's LP comparison, with the same scaling, cutting and level handling as {@link GridPackingBalancer}.
 */
public final class ShelfPackingBalancer implements LoadBalancer {
  private final ShelfPackingOptions options;
  private final LevelPipeline pipeline;

  public ShelfPackingBalancer(ShelfPackingOptions options) {
    this.options = Checks.notNull("options", options);
    this.pipeline = new LevelPipeline(SubMeshAllocator.of(ShelfPacker.defaults().withGrowth(options.growth()),
        options.scaling()).withMaxRepairRounds(options.maxRepairRounds()), -1, null);
  }

  public static ShelfPackingBalancer defaults() {
    return new ShelfPackingBalancer(ShelfPackingOptions.defaults());
  }

  public ShelfPackingOptions options() {
    return options;
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    Checks.notNull("problem", problem);
    return pipeline.balance(problem);
  }
}
