package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.spi.Machine;

/** Small seeded random token instances on assorted machines, for property tests. */
final class RandomTokens {
  final Machine machine;
  final PartnerRule rule;
  final double epsilon;
  final List<GridToken> tokens;

  private RandomTokens(Machine machine, PartnerRule rule, double epsilon, List<GridToken> tokens) {
    this.machine = machine;
    this.rule = rule;
    this.epsilon = epsilon;
    this.tokens = tokens;
  }

  static RandomTokens generate(long seed, int maxBudget) {
    Random rnd = new Random(seed);
    Machine machine = switch (rnd.nextInt(3)) {
      case 0 -> Machine.hypercube(1 << rnd.nextInt(4));
      case 1 -> Machine.fullyConnected(1 + rnd.nextInt(7));
      default -> Machine.mesh(1 + rnd.nextInt(4), 1 + rnd.nextInt(3));
    };
    PartnerRule rule = rnd.nextBoolean() ? PartnerRule.TRANSLATE : PartnerRule.MIRROR;
    double epsilon = new double[] {0, 0, 0, 0.5, 1, 2.5}[rnd.nextInt(6)];
    int m = rnd.nextInt(21);
    List<GridToken> tokens = new ArrayList<>();
    // Origins concentrated on a few ranks, as after a refinement, so that there is something to balance.
    int hot = 1 + rnd.nextInt(machine.ranks());
    for (int i = 0; i < m; i++) {
      int origin = rnd.nextInt(4) == 0 ? rnd.nextInt(machine.ranks()) : rnd.nextInt(hot);
      tokens.add(GridToken.of(3 * i + rnd.nextInt(3), rnd.nextInt(11), origin, rnd.nextInt(maxBudget + 1)));
    }
    return new RandomTokens(machine, rule, epsilon, tokens);
  }

  HalvingPlan plan() {
    return HalvingPlan.of(machine, rule);
  }

  List<GridToken> on(int rank) {
    return tokens.stream().filter(t -> t.origin() == rank).toList();
  }

  @Override
  public String toString() {
    return machine + " " + rule + " eps=" + epsilon + " " + tokens;
  }
}
