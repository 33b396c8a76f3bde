package org.amrbalance.balancers;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.amrbalance.balancers.baselines.KnapsackBalancer;
import org.amrbalance.balancers.baselines.KnapsackOptions;
import org.amrbalance.balancers.baselines.RoundRobinBalancer;
import org.amrbalance.balancers.baselines.RoundRobinOptions;
import org.amrbalance.balancers.baselines.SlabLptBalancer;
import org.amrbalance.balancers.baselines.SlabLptOptions;
import org.amrbalance.balancers.baselines.SpaceFillingCurve;
import org.amrbalance.balancers.baselines.SpaceFillingCurveBalancer;
import org.amrbalance.balancers.baselines.SpaceFillingCurveOptions;
import org.amrbalance.balancers.domain.DomainDecompositionBalancer;
import org.amrbalance.balancers.domain.DomainDecompositionOptions;
import org.amrbalance.balancers.gridindivisibility.BudgetRule;
import org.amrbalance.balancers.gridindivisibility.DecreasingFitBalancer;
import org.amrbalance.balancers.gridindivisibility.DecreasingFitOptions;
import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityBalancer;
import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions;
import org.amrbalance.balancers.gridindivisibility.ListSchedulingBalancer;
import org.amrbalance.balancers.gridindivisibility.ListSchedulingOptions;
import org.amrbalance.balancers.packing.GridPackingBalancer;
import org.amrbalance.balancers.packing.GridPackingOptions;
import org.amrbalance.balancers.packing.ShelfPackingBalancer;
import org.amrbalance.balancers.packing.ShelfPackingOptions;
import org.amrbalance.balancers.scatter.ScatterBalancer;
import org.amrbalance.balancers.scatter.ScatterOptions;
import org.amrbalance.components.Component;
import org.amrbalance.components.ComponentCatalog;
import org.amrbalance.spi.LoadBalancer;

/**
 * The balancers, without Guice: built by name with options as written in configuration
 * ({@code create("scatter", Map.of("blocks-per-processor", "8"))}), or typed from an options record
 * ({@code scatter(ScatterOptions.defaults().withBlocksPerProcessor(8))}). Each is declared once here (name,
 * description, options with their defaults and ranges from its options record, factory); balancers of other jars
 * are found through their {@link ComponentCatalog}.
 */
public final class LoadBalancers {
  public static final Component<LoadBalancer> GRID_INDIVISIBILITY = Component.balancer("grid-indivisibility",
      "whole grids, recursive halving of the processors with per-grid hop budgets (L1; seed 002 ch. 3)",
      s -> new GridIndivisibilityBalancer(new GridIndivisibilityOptions(s.get(GridIndivisibilityOptions.EPSILON),
          BudgetRule.of(s), s.get(GridIndivisibilityOptions.PARTNER))),
      GridIndivisibilityOptions.EPSILON, GridIndivisibilityOptions.PARTNER, BudgetRule.T_AVG, BudgetRule.C_MAX,
      BudgetRule.BUDGET, BudgetRule.MIN_BUDGET);

  public static final Component<LoadBalancer> LIST_SCHEDULING = Component.balancer("list-scheduling",
      "whole grids, largest first to the least loaded processor within the grid's hop budget (L2)",
      s -> new ListSchedulingBalancer(new ListSchedulingOptions(BudgetRule.of(s))),
      BudgetRule.T_AVG, BudgetRule.C_MAX, BudgetRule.BUDGET, BudgetRule.MIN_BUDGET);

  public static final Component<LoadBalancer> DECREASING_FIT = Component.balancer("decreasing-fit",
      "whole grids, largest first to the least loaded processor, communication ignored (L3, LPT)",
      s -> new DecreasingFitBalancer(new DecreasingFitOptions(s.get(DecreasingFitOptions.LEVEL_BY_LEVEL))),
      DecreasingFitOptions.LEVEL_BY_LEVEL);

  public static final Component<LoadBalancer> DOMAIN_DECOMPOSITION = Component.balancer(
      DomainDecompositionBalancer.NAME,
      "recursive binary decomposition of the projected workload; patches cut along the cuts (seed 002 ch. 4)",
      s -> new DomainDecompositionBalancer(new DomainDecompositionOptions(s.get(DomainDecompositionOptions.CUT_AXIS),
          s.get(DomainDecompositionOptions.KEEP_PREVIOUS_CUTS), s.get(DomainDecompositionOptions.KEEP_TOLERANCE),
          s.get(DomainDecompositionOptions.MESH_AWARE_RANKS), s.get(DomainDecompositionOptions.CUT_LEVEL))),
      DomainDecompositionOptions.CUT_AXIS, DomainDecompositionOptions.KEEP_PREVIOUS_CUTS,
      DomainDecompositionOptions.KEEP_TOLERANCE, DomainDecompositionOptions.MESH_AWARE_RANKS,
      DomainDecompositionOptions.CUT_LEVEL);

  public static final Component<LoadBalancer> GRID_PACKING = Component.balancer("grid-packing",
      "each grid gets its own block of a P x Q processor mesh, found by 2-D packing (TP; seed 002 ch. 5)",
      s -> new GridPackingBalancer(new GridPackingOptions(s.get(GridPackingOptions.ORDER),
          s.get(GridPackingOptions.SCALING), s.get(GridPackingOptions.ORIENTATION),
          s.get(GridPackingOptions.PRUNE_HOLES), s.get(GridPackingOptions.MAX_REPAIR_ROUNDS),
          s.get(GridPackingOptions.HOP_CAP), s.get(GridPackingOptions.LINEAR_INTER_GRID),
          s.get(GridPackingOptions.PACKET_SIZE), s.get(GridPackingOptions.ALLOCATION),
          s.get(GridPackingOptions.MIN_PIECE_EDGE), s.get(GridPackingOptions.GHOST_WIDTH))),
      GridPackingOptions.ALLOCATION, GridPackingOptions.MIN_PIECE_EDGE, GridPackingOptions.GHOST_WIDTH,
      GridPackingOptions.ORDER, GridPackingOptions.SCALING, GridPackingOptions.ORIENTATION,
      GridPackingOptions.PRUNE_HOLES, GridPackingOptions.MAX_REPAIR_ROUNDS, GridPackingOptions.HOP_CAP,
      GridPackingOptions.LINEAR_INTER_GRID, GridPackingOptions.PACKET_SIZE);

  public static final Component<LoadBalancer> SHELF_PACKING = Component.balancer("shelf-packing",
      "like grid-packing, with grids packed on shelves (level packing) instead of TP",
      s -> new ShelfPackingBalancer(new ShelfPackingOptions(s.get(ShelfPackingOptions.SCALING),
          s.get(ShelfPackingOptions.GROWTH), s.get(ShelfPackingOptions.MAX_REPAIR_ROUNDS))),
      ShelfPackingOptions.SCALING, ShelfPackingOptions.GROWTH, ShelfPackingOptions.MAX_REPAIR_ROUNDS);

  public static final Component<LoadBalancer> SCATTER = Component.balancer(ScatterBalancer.NAME,
      "modular (scatter) decomposition: equal blocks dealt to processors modulo the processor grid (seed 004)",
      s -> new ScatterBalancer(new ScatterOptions(s.get(ScatterOptions.BLOCKS_PER_PROCESSOR),
          s.get(ScatterOptions.LAYOUT), null, s.get(ScatterOptions.LATTICE_FROM_HIERARCHY))),
      ScatterOptions.BLOCKS_PER_PROCESSOR, ScatterOptions.LAYOUT, ScatterOptions.LATTICE_FROM_HIERARCHY);

  public static final Component<LoadBalancer> KNAPSACK = Component.balancer("knapsack",
      "whole grids, LPT then swaps between the heaviest and lightest ranks until efficient enough (as AMReX does)",
      s -> new KnapsackBalancer(new KnapsackOptions(s.get(KnapsackOptions.EFFICIENCY),
          s.get(KnapsackOptions.MAX_SWAPS), s.get(KnapsackOptions.LEVEL_BY_LEVEL))),
      KnapsackOptions.EFFICIENCY, KnapsackOptions.MAX_SWAPS, KnapsackOptions.LEVEL_BY_LEVEL);

  public static final Component<LoadBalancer> SFC_MORTON = curve("sfc-morton", "Morton (Z)", SpaceFillingCurve.MORTON);

  public static final Component<LoadBalancer> SFC_HILBERT = curve("sfc-hilbert", "Hilbert", SpaceFillingCurve.HILBERT);

  public static final Component<LoadBalancer> ROUND_ROBIN = Component.balancer("round-robin",
      "whole grids dealt to ranks in turn, ignoring work and locality",
      s -> new RoundRobinBalancer(new RoundRobinOptions(s.get(RoundRobinOptions.RESTART_EACH_LEVEL))),
      RoundRobinOptions.RESTART_EACH_LEVEL);

  public static final Component<LoadBalancer> SLAB_LPT = Component.balancer("slab-lpt",
      "each level's grids cut into equal slabs of about a rank's share, then the slabs by LPT",
      s -> new SlabLptBalancer(new SlabLptOptions(s.get(SlabLptOptions.MIN_PIECE_EDGE))),
      SlabLptOptions.MIN_PIECE_EDGE);

  private LoadBalancers() {}

  /** The built-in balancers, listed for {@link java.util.ServiceLoader}. */
  public static final class Catalog implements ComponentCatalog {
    @Override
    public List<Component<?>> components() {
      return List.of(GRID_INDIVISIBILITY, LIST_SCHEDULING, DECREASING_FIT, DOMAIN_DECOMPOSITION, GRID_PACKING,
          SHELF_PACKING, SCATTER, KNAPSACK, SFC_MORTON, SFC_HILBERT, ROUND_ROBIN, SLAB_LPT);
    }
  }

  private static Component<LoadBalancer> curve(String name, String curveName, SpaceFillingCurve curve) {
    return Component.balancer(name, "whole grids in " + curveName + " order of their centres, split by cumulative work",
        s -> new SpaceFillingCurveBalancer(curve, new SpaceFillingCurveOptions(
            s.get(SpaceFillingCurveOptions.LEVEL_BY_LEVEL))), SpaceFillingCurveOptions.LEVEL_BY_LEVEL);
  }

  public static LoadBalancer knapsack(KnapsackOptions options) {
    return new KnapsackBalancer(options);
  }

  public static LoadBalancer roundRobin(RoundRobinOptions options) {
    return new RoundRobinBalancer(options);
  }

  public static LoadBalancer slabLpt(SlabLptOptions options) {
    return new SlabLptBalancer(options);
  }

  public static LoadBalancer spaceFillingCurve(SpaceFillingCurve curve, SpaceFillingCurveOptions options) {
    return new SpaceFillingCurveBalancer(curve, options);
  }

  public static LoadBalancer gridIndivisibility(GridIndivisibilityOptions options) {
    return new GridIndivisibilityBalancer(options);
  }

  public static LoadBalancer listScheduling(ListSchedulingOptions options) {
    return new ListSchedulingBalancer(options);
  }

  public static LoadBalancer decreasingFit(DecreasingFitOptions options) {
    return new DecreasingFitBalancer(options);
  }

  public static LoadBalancer domainDecomposition(DomainDecompositionOptions options) {
    return new DomainDecompositionBalancer(options);
  }

  public static LoadBalancer gridPacking(GridPackingOptions options) {
    return new GridPackingBalancer(options);
  }

  public static LoadBalancer shelfPacking(ShelfPackingOptions options) {
    return new ShelfPackingBalancer(options);
  }

  public static LoadBalancer scatter(ScatterOptions options) {
    return new ScatterBalancer(options);
  }

  /** Names of the balancers on the class path (built-in and from other jars' catalogs). */
  public static Set<String> names() {
    return components().keySet();
  }

  /** The declaration of balancer {@code name}; an error listing the known names if there is none. */
  public static Component<LoadBalancer> component(String name) {
    Component<LoadBalancer> c = components().get(name.trim());
    if (c == null) {
      throw new IllegalArgumentException("amrbalance.balancer = " + name + ": unknown balancer; known: " + names());
    }
    return c;
  }

  /**
   * The balancer {@code name} with {@code options} written as in configuration without the {@code amrbalance.NAME.}
   * prefix; an unknown name or option, or a bad value, is an error naming it and what is valid.
   */
  public static LoadBalancer create(String name, Map<String, String> options) {
    return component(name).create(options);
  }

  /** The balancer {@code name} with every option at its default. */
  public static LoadBalancer create(String name) {
    return create(name, Map.of());
  }

  /** Every balancer declaration on the class path, by name. */
  public static Map<String, Component<LoadBalancer>> components() {
    return ComponentCatalog.discover(LoadBalancer.class);
  }
}
