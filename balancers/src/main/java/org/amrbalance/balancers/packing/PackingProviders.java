package org.amrbalance.balancers.packing;

import com.google.inject.Module;
import java.util.Map;
import org.amrbalance.config.BalancerProvider;
import org.amrbalance.config.ComponentOptions;

/** Makes {@code grid-packing} and {@code shelf-packing} selectable by name in configuration. */
public final class PackingProviders {
  private static final String SCALING_HELP = "non-uniform or uniform scaling of the packing onto the mesh"
      + " (default non-uniform)";
  private static final String REPAIR_HELP = "rounds of side enlargement before one processor per grid, in [0, 1000]"
      + " (default 16)";

  private PackingProviders() {}

  /** {@code grid-packing}: the TP heuristic of seed 002 chapter 5. */
  public static final class Tp implements BalancerProvider {
    @Override
    public String name() {
      return GridPackingModule.NAME;
    }

    @Override
    public String description() {
      return "each grid gets its own block of a P x Q processor mesh, found by 2-D packing (TP)";
    }

    @Override
    public Map<String, String> options() {
      return Map.ofEntries(
          Map.entry("allocation", "curve (by volume along a Hilbert curve, every axis cut) or packing (the thesis's"
              + " TP packing of x-y footprints) (default curve)"),
          Map.entry("min-piece-edge", "thinnest piece a cut may make, cells, in [1, 1048576] (default 4)"),
          Map.entry("ghost-width", "the solver's ghost width: no piece is cut thinner, cells, in [0, 1048576]"
              + " (default 2)"),
          Map.entry("order", "decreasing-area, decreasing-long-side, decreasing-short-side, decreasing-perimeter or"
              + " decreasing-aspect-ratio (default decreasing-area)"),
          Map.entry("scaling", SCALING_HELP),
          Map.entry("orientation", "free or diagonal: how a grid's orientation is chosen (default free)"),
          Map.entry("prune-holes", "drop corners too small for any remaining grid (default false)"),
          Map.entry("max-repair-rounds", REPAIR_HELP),
          Map.entry("hop-cap", "hops a child's block may reach beyond its parent's (packing allocation), -1 for none,"
              + " in [-1, 1048576] (default -1)"),
          Map.entry("linear-inter-grid", "1-D hierarchies use the section 5.4.1 allocation (default false)"),
          Map.entry("packet-size", "S_p, points per packet for the 1-D allocation, in [1, 1073741824] (default 64)"));
    }

    @Override
    public Module module(ComponentOptions o) {
      GridPackingOptions d = GridPackingOptions.defaults();
      return new GridPackingModule(d
          .withAllocation(o.enumValue("allocation", d.allocation()))
          .withMinPieceEdge(o.intValue("min-piece-edge", d.minPieceEdge(), 1, 1 << 20))
          .withGhostWidth(o.intValue("ghost-width", d.ghostWidth(), 0, 1 << 20))
          .withOrder(o.enumValue("order", d.order()))
          .withScaling(o.enumValue("scaling", d.scaling()))
          .withOrientationRule(o.enumValue("orientation", d.orientationRule()))
          .withHolePruning(o.booleanValue("prune-holes", d.pruneHoles()))
          .withMaxRepairRounds(o.intValue("max-repair-rounds", d.maxRepairRounds(), 0, 1000))
          .withHopCap(o.intValue("hop-cap", d.hopCap(), -1, 1 << 20))
          .withLinearInterGrid(o.booleanValue("linear-inter-grid", d.linearInterGrid()))
          .withPacketSize(o.doubleValue("packet-size", d.packetSize(), 1, 1 << 30)));
    }
  }

  /** {@code shelf-packing}: the level (shelf) packing baseline. */
  public static final class Shelf implements BalancerProvider {
    @Override
    public String name() {
      return ShelfPackingModule.NAME;
    }

    @Override
    public String description() {
      return "like grid-packing, with grids packed on shelves (level packing) instead of TP";
    }

    @Override
    public Map<String, String> options() {
      return Map.of("scaling", SCALING_HELP, "max-repair-rounds", REPAIR_HELP,
          "growth", "relative enlargement per repair round, in (0, 1] (default 0.01)");
    }

    @Override
    public Module module(ComponentOptions o) {
      ShelfPackingOptions d = ShelfPackingOptions.defaults();
      return new ShelfPackingModule(d
          .withScaling(o.enumValue("scaling", d.scaling()))
          .withGrowth(o.doubleValue("growth", d.growth(), Double.MIN_VALUE, 1))
          .withMaxRepairRounds(o.intValue("max-repair-rounds", d.maxRepairRounds(), 0, 1000)));
    }
  }
}
