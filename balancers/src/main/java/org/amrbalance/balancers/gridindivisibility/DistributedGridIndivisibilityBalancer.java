package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.amrbalance.spi.parallel.Collectives;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;

/**
 * {@link GridIndivisibilityBalancer} computed by the ranks together: every rank of {@code group} calls
 * {@link #balance} with the same problem (as the {@link LoadBalancer} contract has it), passes the grids it
 * is the origin of to a distributed form of L1, level by level, and gets the assignment the sequential
 * balancer gives. The group's size must be the problem's rank count.
 */
public final class DistributedGridIndivisibilityBalancer implements LoadBalancer {
  /** Which distributed form of L1 runs. */
  public enum Form { CONCURRENT, GATHERING, PARALLEL }

  private final Collectives group;
  private final Form form;
  private final GridIndivisibilityOptions options;

  public DistributedGridIndivisibilityBalancer(Collectives group, Form form, GridIndivisibilityOptions options) {
    this.group = Checks.notNull("group", group);
    this.form = Checks.notNull("form", form);
    this.options = Checks.notNull("options", options);
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    Checks.check(problem.ranks() == group.size(), "problem.ranks", problem.ranks(),
        "must equal the group size " + group.size());
    HalvingPlan plan = HalvingPlan.of(problem.machine(), options.partnerRule());
    return GenerationDriver.balance(problem, options.budgets(), (tokens, unitsPerWork, below) -> {
      double epsilon = options.epsilon() * unitsPerWork;
      DistributedScheduler scheduler = switch (form) {
        case CONCURRENT -> new ConcurrentRecursiveHalving(epsilon);
        case GATHERING -> new GatheringRecursiveHalving(epsilon);
        case PARALLEL -> new ParallelRecursiveHalving(epsilon);
      };
      List<GridToken> mine = new ArrayList<>();
      for (GridToken t : tokens) {
        if (t.origin() == group.rank()) {
          mine.add(t);
        }
      }
      SortedMap<Integer, Integer> placement = scheduler.run(group, mine, plan);
      int[] rank = new int[tokens.size()];
      for (int i = 0; i < rank.length; i++) {
        rank[i] = placement.get(tokens.get(i).id());
      }
      return rank;
    });
  }
}
