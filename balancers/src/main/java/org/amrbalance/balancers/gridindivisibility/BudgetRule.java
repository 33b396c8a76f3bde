package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.components.Option;
import org.amrbalance.components.Settings;

/**
 * How a grid's migration budget t_a (hops) is set (seed 002 §5.1). Budgets are capped at
 * {@link #MAX_BUDGET}, which no topology's diameter reaches in practice.
 */
@Immutable
public final class BudgetRule {
  /** The budget of a grid whose communication is free. */
  public static final int MAX_BUDGET = 1 << 30;

  public static final Option<Double> T_AVG = Option.number("t-avg", 2, 0, 1e9, "hops a grid of average size may move");
  public static final Option<Double> C_MAX = Option.number("c-max", 0, 0, 1e300,
      "cap on a grid's parent traffic U_comm x hops x (B + M), instead of t-avg").withoutDefault("t-avg");
  public static final Option<String> BUDGET = Option.word("budget", "unlimited",
      "ignore communication, instead of t-avg or c-max");
  public static final Option<Integer> MIN_BUDGET = Option.integer("min-budget", 1, 0, 1_000_000_000,
      "hops every grid may move whatever its size (0 keeps the thesis's formula, which pins grids larger than t-avg"
          + " times the mean to their parent)");

  private enum Kind { CAP, AVERAGE, UNLIMITED }

  private final Kind kind;
  private final double value;
  private final int minimum;

  private BudgetRule(Kind kind, double value, int minimum) {
    this.kind = kind;
    this.value = value;
    this.minimum = minimum;
  }

  /**
   * From the communication cap (reconstructed formula, spec §15 item 1):
   * t_a = floor(C_max / (U_comm (B_a + M_a))), the farthest a grid may go and keep its parent traffic
   * within C_max. With U_comm = 0 every budget is {@link #MAX_BUDGET}.
   */
  public static BudgetRule communicationCap(double cMax) {
    Checks.check(Double.isFinite(cMax) && cMax >= 0, "cMax", cMax, "must be finite and >= 0");
    return new BudgetRule(Kind.CAP, cMax, 0);
  }

  /**
   * The experiments' parameterization (inferred, spec §5.1): t(avg) is the distance a grid of average size
   * may go, t_a = floor(t(avg) · mean / size_a), the mean taken over the grids balanced together.
   */
  public static BudgetRule averageDistance(double tAvg) {
    Checks.check(Double.isFinite(tAvg) && tAvg >= 0, "tAvg", tAvg, "must be finite and >= 0");
    return new BudgetRule(Kind.AVERAGE, tAvg, 0);
  }

  /** The balancers' default: t(avg) = 2 with a floor of one hop (see {@link #withMinimum}). */
  public static BudgetRule defaults() {
    return averageDistance(T_AVG.defaultValue()).withMinimum(MIN_BUDGET.defaultValue());
  }

  /** The rule configured by at most one of {@link #T_AVG}, {@link #C_MAX}, {@link #BUDGET}, with its floor. */
  public static BudgetRule of(Settings s) {
    int given = (s.given(T_AVG) ? 1 : 0) + (s.given(C_MAX) ? 1 : 0) + (s.given(BUDGET) ? 1 : 0);
    if (given > 1) {
      throw new IllegalArgumentException("give at most one of t-avg, c-max, budget");
    }
    BudgetRule rule = s.given(C_MAX) ? communicationCap(s.get(C_MAX))
        : s.given(BUDGET) ? unlimited() : averageDistance(s.get(T_AVG));
    return rule.withMinimum(s.get(MIN_BUDGET));
  }

  /** No communication limit: every grid may go anywhere. */
  public static BudgetRule unlimited() {
    return new BudgetRule(Kind.UNLIMITED, 0, 0);
  }

  /**
   * This rule with every budget at least {@code hops}. The balancers' defaults use 1 (our choice; §5.1 has no floor):
   * a grid larger than t(avg) times the mean gets budget 0 and must stay on its parent's processor, so every level's
   * heaviest grids stack on one processor (Enzo on 16 ranks: total efficiency 0.48 where round-robin reaches 0.72);
   * one hop lets it go to a neighbour, which on a fully connected machine is any processor. 0 is the formula as
   * written.
   */
  public BudgetRule withMinimum(int hops) {
    Checks.check(hops >= 0, "minimum", hops, "must be >= 0");
    return new BudgetRule(kind, value, hops);
  }

  /** The smallest budget this rule gives. */
  public int minimum() {
    return minimum;
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
    int budget = (int) Math.min(MAX_BUDGET, Math.floor(t + 1e-9 * Math.max(1, t))); // exact ratios stay whole
    return Math.max(minimum, budget);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BudgetRule b && b.kind == kind && Double.compare(b.value, value) == 0 && b.minimum == minimum;
  }

  @Override
  public int hashCode() {
    return (kind.hashCode() * 31 + Double.hashCode(value)) * 31 + minimum;
  }

  @Override
  public String toString() {
    String rule = switch (kind) {
      case CAP -> "communicationCap(" + value + ")";
      case AVERAGE -> "averageDistance(" + value + ")";
      case UNLIMITED -> "unlimited()";
    };
    return minimum == 0 ? rule : rule + ".withMinimum(" + minimum + ")";
  }
}
