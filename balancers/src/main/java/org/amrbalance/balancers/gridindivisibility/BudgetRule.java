package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;

/**
 * How a grid's migration budget t_a (hops) is set (seed 002 §5.1). Budgets are capped at
 * {@link #MAX_BUDGET}, which no topology's diameter reaches in practice.
 */
@Immutable
public final class BudgetRule {
  /** The budget of a grid whose communication is free. */
  public static final int MAX_BUDGET = 1 << 30;

  private enum Kind { CAP, AVERAGE, UNLIMITED }

  private final Kind kind;
  private final double value;

  private BudgetRule(Kind kind, double value) {
    this.kind = kind;
    this.value = value;
  }

  /**
   * From the communication cap (reconstructed formula, spec §15 item 1):
   * t_a = floor(C_max / (U_comm (B_a + M_a))), the farthest a grid may go and keep its parent traffic
   * within C_max. With U_comm = 0 every budget is {@link #MAX_BUDGET}.
   */
  public static BudgetRule communicationCap(double cMax) {
    Checks.check(Double.isFinite(cMax) && cMax >= 0, "cMax", cMax, "must be finite and >= 0");
    return new BudgetRule(Kind.CAP, cMax);
  }

  /**
   * The experiments' parameterization (inferred, spec §5.1): t(avg) is the distance a grid of average size
   * may go, t_a = floor(t(avg) · mean / size_a), the mean taken over the grids balanced together.
   */
  public static BudgetRule averageDistance(double tAvg) {
    Checks.check(Double.isFinite(tAvg) && tAvg >= 0, "tAvg", tAvg, "must be finite and >= 0");
    return new BudgetRule(Kind.AVERAGE, tAvg);
  }

  /** No communication limit: every grid may go anywhere. */
  public static BudgetRule unlimited() {
    return new BudgetRule(Kind.UNLIMITED, 0);
  }

  /**
   * The budget of a grid that sends {@code points} = B_a + M_a point values to its parent per hop.
   *
   * @param meanPoints the mean of {@code points} over the grids balanced together (for t(avg))
   * @param sendPerPointHop U_comm
   */
  public int budget(double points, double meanPoints, double sendPerPointHop) {
    double t = switch (kind) {
      case UNLIMITED -> MAX_BUDGET;
      case CAP -> sendPerPointHop == 0 || points == 0 ? MAX_BUDGET : value / (sendPerPointHop * points);
      case AVERAGE -> points == 0 ? MAX_BUDGET : value * meanPoints / points;
    };
    return (int) Math.min(MAX_BUDGET, Math.floor(t + 1e-9 * Math.max(1, t))); // exact ratios stay whole
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BudgetRule b && b.kind == kind && Double.compare(b.value, value) == 0;
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + Double.hashCode(value);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case CAP -> "communicationCap(" + value + ")";
      case AVERAGE -> "averageDistance(" + value + ")";
      case UNLIMITED -> "unlimited()";
    };
  }
}
