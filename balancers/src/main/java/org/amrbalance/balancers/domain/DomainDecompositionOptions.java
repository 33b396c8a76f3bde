package org.amrbalance.balancers.domain;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;

/**
 * Settings of {@link DomainDecompositionBalancer}.
 *
 * <ul>
 *   <li>{@code cutAxis}: how each cut's axis is chosen (default {@link CutAxisRule#ALTERNATING}, as in the
 *       papers).
 *   <li>{@code keepPreviousCuts}: on a re-decomposition, keep at each node of the dissection the cut that
 *       best separates where the data already lives, if it still balances within {@code keepTolerance};
 *       bounds the migration of lower-level data that seed 002 §4.4 blames the approach for (default off).
 *   <li>{@code keepTolerance}: the largest relative excess, over the node's per-rank average, of the per-rank
 *       load of either side of a kept cut, in [0, 1] (default 0.05). Excesses compound down the dissection,
 *       so the final imbalance may reach about (1 + tolerance)^depth.
 *   <li>{@code meshAwareRanks}: on a 2-D mesh, split the processor rectangle with the domain so that
 *       neighbouring regions get neighbouring processors (default on); otherwise ranks are split as
 *       consecutive ranges.
 *   <li>{@code cutLevel}: the level whose cell boundaries the cuts lie on, capped by the hierarchy's finest
 *       level, or {@link #AUTO_CUT_LEVEL} (the default): the level, chosen from the hierarchy and the rank count,
 *       whose decomposition has the best level-synchronous efficiency (the coarsest on a tie). Level 0 is the
 *       papers' decomposition of the base domain, every rank holding whole columns of the hierarchy and no
 *       inter-grid communication; a finer lattice lets the cuts split the heavy columns under fine grids, which
 *       balances many ranks better; a coarser cell straddling a cut then goes to the side holding its centre, and
 *       the child cells on the other side talk to it across ranks.
 * </ul>
 *
 * <p>Each option's meaning, range and default: its {@link Option} constant below.
 */
@Immutable
public record DomainDecompositionOptions(CutAxisRule cutAxis, boolean keepPreviousCuts, double keepTolerance,
    boolean meshAwareRanks, int cutLevel) {
  /** How binary dissection picks the axis of each cut. */
  public enum CutAxisRule {
    /**
     * Axis {@code depth mod dim} at recursion depth {@code depth}: the first cut is vertical (axis 0), then the
     * axes alternate (seed 002 §4.3, seed 000 appendix C). An axis along which the region is one cell thick
     * is skipped for the next one.
     */
    ALTERNATING,
    /** The region's longest axis (the lowest on a tie): squarer regions, less intra-grid communication. */
    LONGEST
  }

  /** The deepest cut level accepted (a hierarchy's own finest level caps it further). */
  public static final int MAX_CUT_LEVEL = 30;
  /** The cut level that means: chosen from the hierarchy (see the class comment). */
  public static final int AUTO_CUT_LEVEL = -1;

  public static final Option<CutAxisRule> CUT_AXIS = Option.choice("cut-axis", CutAxisRule.ALTERNATING,
      "which axis each cut is across");
  public static final Option<Boolean> KEEP_PREVIOUS_CUTS = Option.flag("keep-previous-cuts", false,
      "keep the previous cuts where they still balance");
  public static final Option<Double> KEEP_TOLERANCE = Option.number("keep-tolerance", 0.05, 0, 1,
      "how far above its average a side may be for a cut to be kept");
  public static final Option<Boolean> MESH_AWARE_RANKS = Option.flag("mesh-aware-ranks", true,
      "split the processor mesh along with the domain");
  public static final Option<Integer> CUT_LEVEL = Option.integer("cut-level", AUTO_CUT_LEVEL, AUTO_CUT_LEVEL,
      MAX_CUT_LEVEL, "level whose cell boundaries the cuts follow, or -1: the level whose decomposition is best"
          + " balanced per level (0 was the old default)");
  private static final DomainDecompositionOptions DEFAULTS = new DomainDecompositionOptions(CUT_AXIS.defaultValue(),
      KEEP_PREVIOUS_CUTS.defaultValue(), KEEP_TOLERANCE.defaultValue(), MESH_AWARE_RANKS.defaultValue(),
      CUT_LEVEL.defaultValue());

  public DomainDecompositionOptions {
    Checks.check(cutAxis != null, "cutAxis", null, "must be one of ALTERNATING, LONGEST");
    KEEP_TOLERANCE.check(keepTolerance);
    CUT_LEVEL.check(cutLevel);
  }

  public static DomainDecompositionOptions defaults() {
    return DEFAULTS;
  }

  public DomainDecompositionOptions withCutAxis(CutAxisRule rule) {
    return new DomainDecompositionOptions(rule, keepPreviousCuts, keepTolerance, meshAwareRanks, cutLevel);
  }

  public DomainDecompositionOptions withKeepPreviousCuts(boolean keep) {
    return new DomainDecompositionOptions(cutAxis, keep, keepTolerance, meshAwareRanks, cutLevel);
  }

  public DomainDecompositionOptions withKeepTolerance(double tolerance) {
    return new DomainDecompositionOptions(cutAxis, keepPreviousCuts, tolerance, meshAwareRanks, cutLevel);
  }

  public DomainDecompositionOptions withMeshAwareRanks(boolean meshAware) {
    return new DomainDecompositionOptions(cutAxis, keepPreviousCuts, keepTolerance, meshAware, cutLevel);
  }

  public DomainDecompositionOptions withCutLevel(int level) {
    return new DomainDecompositionOptions(cutAxis, keepPreviousCuts, keepTolerance, meshAwareRanks, level);
  }
}
