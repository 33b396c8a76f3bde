package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Patch;

/**
 * Whole grids by L3 ({@link DecreasingFit}, LPT), ignoring communication: level by level as the thesis
 * compares it, or over the whole hierarchy at once. Sizes are the patches' work in the integer units of
 * {@link GenerationDriver}.
 */
public final class DecreasingFitBalancer implements LoadBalancer {
  private final DecreasingFitOptions options;

  public DecreasingFitBalancer(DecreasingFitOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    DecreasingFit l3 = new DecreasingFit();
    if (options.levelByLevel()) {
      return GenerationDriver.balance(problem, BudgetRule.unlimited(),
          (tokens, unitsPerWork, below) -> l3.schedule(tokens, problem.machine(), inUnits(below, unitsPerWork)));
    }
    List<Patch> patches = problem.hierarchy().patches();
    double work = problem.hierarchy().totalWork();
    double unitsPerWork = work > 0 ? GenerationDriver.UNITS / work : 1;
    List<GridToken> tokens = new ArrayList<>(patches.size());
    for (Patch p : patches) {
      tokens.add(GridToken.of(p.id(), Math.round(p.work() * unitsPerWork), 0, 0));
    }
    int[] rank = l3.schedule(tokens, problem.machine());
    IdRanks rankOf = IdRanks.of(patches);
    for (int i = 0; i < patches.size(); i++) {
      rankOf.put(patches.get(i).id(), rank[i]);
    }
    return Assignment.wholeGrids(problem.hierarchy(), problem.ranks(), rankOf::get);
  }

  private static double[] inUnits(double[] below, double unitsPerWork) {
    double[] units = new double[below.length];
    for (int r = 0; r < units.length; r++) {
      units[r] = below[r] * unitsPerWork;
    }
    return units;
  }
}
