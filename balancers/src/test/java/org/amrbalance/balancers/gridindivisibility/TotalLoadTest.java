package org.amrbalance.balancers.gridindivisibility;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** How L1 and L2 use the work the coarser levels placed, and the smallest budget. */
class TotalLoadTest {
  private static double[] levelLoads(RandomTokens in, int[] rank) {
    double[] level = new double[in.machine.ranks()];
    for (int i = 0; i < rank.length; i++) {
      level[rank[i]] += in.tokens.get(i).size();
    }
    return level;
  }

  private static double max(double[] a) {
    double m = 0;
    for (double x : a) {
      m = Math.max(m, x);
    }
    return m;
  }

  private static double maxTotal(double[] level, double[] below) {
    double m = 0;
    for (int r = 0; r < level.length; r++) {
      m = Math.max(m, level[r] + below[r]);
    }
    return m;
  }

  @Test
  void theTotalLoadPassKeepsTheLevelMaximumAndEveryBudgetAndNeverRaisesTheLargestTotal() {
    Random rnd = new Random(5);
    int improved = 0;
    for (long seed = 0; seed < 400; seed++) {
      RandomTokens in = RandomTokens.generate(seed, 3);
      int[] own = new ListScheduling().schedule(in.tokens, in.machine);
      double[] below = new double[in.machine.ranks()];
      for (int r = 0; r < below.length; r++) {
        below[r] = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(30);
      }
      int[] after = GenerationDriver.forTotalLoad(in.tokens, own, below, 1, in.machine);
      for (int i = 0; i < after.length; i++) {
        GridToken t = in.tokens.get(i);
        assertThat(in.machine.hops(t.origin(), after[i])).as("%s", in).isLessThanOrEqualTo(t.budget());
      }
      assertThat(max(levelLoads(in, after))).as("%s", in).isLessThanOrEqualTo(max(levelLoads(in, own)));
      double before = maxTotal(levelLoads(in, own), below);
      double now = maxTotal(levelLoads(in, after), below);
      assertThat(now).as("%s", in).isLessThanOrEqualTo(before);
      improved += now < before ? 1 : 0;
    }
    assertThat(improved).isPositive(); // the pass does something on these instances
  }

  @Test
  void withNothingBelowTheSchedulersAnswerStands() {
    RandomTokens in = RandomTokens.generate(3, 2);
    int[] own = new ListScheduling().schedule(in.tokens, in.machine);
    assertThat(GenerationDriver.forTotalLoad(in.tokens, own, new double[in.machine.ranks()], 1, in.machine))
        .isSameAs(own);
  }

  @Test
  void aMinimumBudgetRaisesOnlyTheBudgetsBelowIt() {
    BudgetRule formula = BudgetRule.averageDistance(2);
    BudgetRule floored = formula.withMinimum(1);
    // t_a = floor(2 * mean / points): 0 for a grid above twice the mean, 4 for one at half the mean.
    assertThat(formula.budget(300, 100, 1)).isZero();
    assertThat(floored.budget(300, 100, 1)).isEqualTo(1);
    assertThat(floored.budget(50, 100, 1)).isEqualTo(formula.budget(50, 100, 1)).isEqualTo(4);
    assertThat(floored).isNotEqualTo(formula).isEqualTo(BudgetRule.averageDistance(2).withMinimum(1));
    assertThat(BudgetRule.communicationCap(10).withMinimum(2).budget(100, 1, 1)).isEqualTo(2);
  }
}
