package org.amrbalance.balancers.baselines;

import com.google.inject.Module;
import java.util.Map;
import java.util.function.Function;
import org.amrbalance.config.BalancerProvider;
import org.amrbalance.config.ComponentOptions;

/** Makes the baselines selectable by name in configuration. */
public final class BaselineProviders {
  private static final String LEVEL_BY_LEVEL = "level-by-level";
  private static final String LEVEL_BY_LEVEL_HELP =
      "balance each level on its own, as levels compute in turn (default true)";

  private BaselineProviders() {}

  /** {@code knapsack}: LPT, then heaviest/lightest swaps (as AMReX does). */
  public static final class Knapsack implements BalancerProvider {
    @Override
    public String name() {
      return KnapsackModule.NAME;
    }

    @Override
    public String description() {
      return "whole grids, LPT then swaps between the heaviest and lightest ranks until efficient enough";
    }

    @Override
    public Map<String, String> options() {
      return Map.of(
          "efficiency", "stop swapping once avg/max load reaches this, in (0, 1] (default 0.9)",
          "max-swaps", "swap limit, in [0, 2147483647] (default 10000)",
          LEVEL_BY_LEVEL, LEVEL_BY_LEVEL_HELP);
    }

    @Override
    public Module module(ComponentOptions o) {
      KnapsackOptions d = KnapsackOptions.defaults();
      return new KnapsackModule(d
          .withEfficiency(o.doubleValue("efficiency", d.efficiency(), Double.MIN_VALUE, 1))
          .withMaxSwaps(o.intValue("max-swaps", d.maxSwaps(), 0, Integer.MAX_VALUE))
          .withLevelByLevel(o.booleanValue(LEVEL_BY_LEVEL, d.levelByLevel())));
    }
  }

  /** The two space-filling-curve baselines differ only in their curve. */
  private abstract static class SfcProvider implements BalancerProvider {
    private final String name;
    private final String curve;
    private final Function<SpaceFillingCurveOptions, Module> module;

    SfcProvider(String name, String curve, Function<SpaceFillingCurveOptions, Module> module) {
      this.name = name;
      this.curve = curve;
      this.module = module;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return "whole grids in " + curve + " order of their centres, split by cumulative work";
    }

    @Override
    public Map<String, String> options() {
      return Map.of(LEVEL_BY_LEVEL, LEVEL_BY_LEVEL_HELP);
    }

    @Override
    public Module module(ComponentOptions o) {
      SpaceFillingCurveOptions d = SpaceFillingCurveOptions.defaults();
      return module.apply(d.withLevelByLevel(o.booleanValue(LEVEL_BY_LEVEL, d.levelByLevel())));
    }
  }

  /** {@code sfc-morton}: Morton order split by cumulative work. */
  public static final class Morton extends SfcProvider {
    public Morton() {
      super(SfcMortonModule.NAME, "Morton (Z)", SfcMortonModule::new);
    }
  }

  /** {@code sfc-hilbert}: Hilbert order split by cumulative work. */
  public static final class Hilbert extends SfcProvider {
    public Hilbert() {
      super(SfcHilbertModule.NAME, "Hilbert", SfcHilbertModule::new);
    }
  }

  /** {@code round-robin}: patches dealt in turn. */
  public static final class RoundRobin implements BalancerProvider {
    @Override
    public String name() {
      return RoundRobinModule.NAME;
    }

    @Override
    public String description() {
      return "whole grids dealt to ranks in turn, ignoring work and locality";
    }

    @Override
    public Map<String, String> options() {
      return Map.of("restart-each-level", "deal each level again, from the rank with the least work below (default false)");
    }

    @Override
    public Module module(ComponentOptions o) {
      RoundRobinOptions d = RoundRobinOptions.defaults();
      return new RoundRobinModule(d.withRestartEachLevel(o.booleanValue("restart-each-level", d.restartEachLevel())));
    }
  }

  /** {@code slab-lpt}: every grid cut into equal slabs, then LPT. */
  public static final class SlabLpt implements BalancerProvider {
    @Override
    public String name() {
      return SlabLptModule.NAME;
    }

    @Override
    public String description() {
      return "each level's grids cut into equal slabs of about a rank's share, then the slabs by LPT";
    }

    @Override
    public Map<String, String> options() {
      return Map.of("min-piece-edge", "thinnest slab, cells, in [1, 1048576] (default 4)");
    }

    @Override
    public Module module(ComponentOptions o) {
      SlabLptOptions d = SlabLptOptions.defaults();
      return new SlabLptModule(d.withMinPieceEdge(o.intValue("min-piece-edge", d.minPieceEdge(), 1, 1 << 20)));
    }
  }
}
