package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import org.amrbalance.spi.internal.Checks;
import java.util.List;
import org.amrbalance.spi.Machine;

/**
 * L1, the sequential reference form of the recursive-halving heuristic (seed 002 §5–§6): every grid starts
 * on its origin; at each of the plan's levels, every processor-set pair is balanced by {@link PairMove}.
 * The concurrent, gathering and parallel forms reproduce its placement exactly.
 */
public final class RecursiveHalvingScheduler implements WholeGridScheduler {
  private final double epsilon;
  private final PartnerRule rule;

  private RecursiveHalvingScheduler(double epsilon, PartnerRule rule) {
    this.epsilon = epsilon;
    this.rule = rule;
  }

  /**
   * @param epsilon the tolerance ε in units of grid size (§5.3): a pair whose load to move is at most ε is
   *     left alone, and the light half may end up heavier by up to 2ε (§15 item 7); 0 balances as far as
   *     the grids allow
   * @param rule the partner rule on a mesh
   */
  public static RecursiveHalvingScheduler of(double epsilon, PartnerRule rule) {
    Checks.check(Double.isFinite(epsilon) && epsilon >= 0, "epsilon", epsilon, "must be finite and >= 0");
    return new RecursiveHalvingScheduler(epsilon, Checks.notNull("rule", rule));
  }

  public double epsilon() {
    return epsilon;
  }

  public PartnerRule rule() {
    return rule;
  }

  @Override
  public int[] schedule(List<GridToken> grids, Machine machine) {
    return schedule(grids, HalvingPlan.of(machine, rule));
  }

  /** Places the grids along a prepared plan (reusable across generations on the same machine). */
  public int[] schedule(List<GridToken> grids, HalvingPlan plan) {
    TokenStates given = new TokenStates(grids, plan.ranks());
    // Tokens renumbered in size-then-id order, the order PairMove sorts its candidates by: every bucket below comes
    // out sorted, and its tokens lie in memory in the order they are read.
    int[] bySize = IndexSort.bySizeThenId(given.size, given.id, false);
    TokenStates s = given.permuted(bySize);
    int m = s.count();
    int[] members = new int[m];
    for (int level = 0; level < plan.depth(); level++) {
      // Bucket the tokens by their current set (a counting sort keeps each bucket in size order).
      int segs = plan.segments(level);
      int[] start = new int[segs + 1];
      for (int k = 0; k < m; k++) {
        start[plan.segment(level, s.at[k]) + 1]++;
      }
      for (int j = 0; j < segs; j++) {
        start[j + 1] += start[j];
      }
      int[] fill = start.clone();
      for (int k = 0; k < m; k++) {
        members[fill[plan.segment(level, s.at[k])]++] = k;
      }
      for (int seg = 0; seg < segs; seg++) {
        int count = start[seg + 1] - start[seg];
        if (count > 0 && plan.isCut(level, seg)) {
          int[] bucket = java.util.Arrays.copyOfRange(members, start[seg], start[seg + 1]);
          PairMove.balance(plan, level, seg, bucket, count, s, epsilon);
        }
      }
    }
    int[] at = new int[m];
    for (int j = 0; j < m; j++) {
      at[bySize[j]] = s.at[j];
    }
    return at;
  }
}
