package org.amrbalance.balancers.domain;

import java.util.Objects;
import javax.annotation.concurrent.Immutable;

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
 * </ul>
 */
@Immutable
public final class DomainDecompositionOptions {
  private static final DomainDecompositionOptions DEFAULTS =
      new DomainDecompositionOptions(CutAxisRule.ALTERNATING, false, 0.05, true);

  private final CutAxisRule cutAxis;
  private final boolean keepPreviousCuts;
  private final double keepTolerance;
  private final boolean meshAwareRanks;

  private DomainDecompositionOptions(CutAxisRule cutAxis, boolean keepPreviousCuts, double keepTolerance,
      boolean meshAwareRanks) {
    this.cutAxis = cutAxis;
    this.keepPreviousCuts = keepPreviousCuts;
    this.keepTolerance = keepTolerance;
    this.meshAwareRanks = meshAwareRanks;
  }

  public static DomainDecompositionOptions defaults() {
    return DEFAULTS;
  }

  public DomainDecompositionOptions withCutAxis(CutAxisRule rule) {
    if (rule == null) {
      throw new IllegalArgumentException("cutAxis = null: must be one of ALTERNATING, LONGEST");
    }
    return new DomainDecompositionOptions(rule, keepPreviousCuts, keepTolerance, meshAwareRanks);
  }

  public DomainDecompositionOptions withKeepPreviousCuts(boolean keep) {
    return new DomainDecompositionOptions(cutAxis, keep, keepTolerance, meshAwareRanks);
  }

  public DomainDecompositionOptions withKeepTolerance(double tolerance) {
    if (!(tolerance >= 0 && tolerance <= 1)) {
      throw new IllegalArgumentException("keepTolerance = " + tolerance + ": must be in [0, 1]");
    }
    return new DomainDecompositionOptions(cutAxis, keepPreviousCuts, tolerance, meshAwareRanks);
  }

  public DomainDecompositionOptions withMeshAwareRanks(boolean meshAware) {
    return new DomainDecompositionOptions(cutAxis, keepPreviousCuts, keepTolerance, meshAware);
  }

  public CutAxisRule cutAxis() {
    return cutAxis;
  }

  public boolean keepPreviousCuts() {
    return keepPreviousCuts;
  }

  public double keepTolerance() {
    return keepTolerance;
  }

  public boolean meshAwareRanks() {
    return meshAwareRanks;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DomainDecompositionOptions other && other.cutAxis == cutAxis
        && other.keepPreviousCuts == keepPreviousCuts && Double.compare(other.keepTolerance, keepTolerance) == 0
        && other.meshAwareRanks == meshAwareRanks;
  }

  @Override
  public int hashCode() {
    return Objects.hash(cutAxis, keepPreviousCuts, keepTolerance, meshAwareRanks);
  }

  @Override
  public String toString() {
    return "DomainDecompositionOptions[cutAxis=" + cutAxis + ", keepPreviousCuts=" + keepPreviousCuts
        + ", keepTolerance=" + keepTolerance + ", meshAwareRanks=" + meshAwareRanks + "]";
  }
}
