package org.amrbalance.balancers.gridindivisibility;

import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;

/**
 * Measures token placements with {@link BalanceReport}: the tokens become the level-0 patches of a 1-D
 * hierarchy (one cell each, work = size), so that loads come from the shared report, not from the test.
 */
final class TokenReports {
  private TokenReports() {}

  static BalanceReport report(List<GridToken> tokens, Machine machine, int[] rank) {
    List<Patch> patches = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      patches.add(Patch.of(i, 0, Box.of1d(i, i), tokens.get(i).size()));
    }
    if (patches.isEmpty()) {
      patches.add(Patch.of(0, 0, Box.of1d(0, 0), 0));
      rank = new int[] {0};
    }
    Hierarchy h = Hierarchy.of(Box.of1d(0, Math.max(0, tokens.size() - 1)), new int[0], patches);
    int[] r = rank;
    return BalanceReport.of(BalanceProblem.of(h, machine), Assignment.wholeGrids(h, machine.ranks(), id -> r[id]));
  }

  static BalanceReport input(List<GridToken> tokens, Machine machine) {
    return report(tokens, machine, tokens.stream().mapToInt(GridToken::origin).toArray());
  }
}
