package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.amrbalance.spi.parallel.Collectives;

/**
 * The concurrent form of L1 (seed 002 §3.4, spec §7): every rank broadcasts its tokens to all (multinode
 * broadcast), then rank s runs LoadBalance(s) on the replicated tokens, balancing at each level only the
 * pair of sets on its own path (the set sharing s's first k address bits, and its sibling). At the end s
 * knows exactly the grids that land on it; the sources are informed and the placement gathered.
 */
final class ConcurrentRecursiveHalving implements DistributedScheduler {
  private final double epsilon;

  public ConcurrentRecursiveHalving(double epsilon) {
    Checks.check(Double.isFinite(epsilon) && epsilon >= 0, "epsilon", epsilon, "must be finite and >= 0");
    this.epsilon = epsilon;
  }

  @Override
  public SortedMap<Integer, Integer> run(Collectives group, List<GridToken> local, HalvingPlan plan) {
    Distributed.checkGroup(group, local, plan);
    List<GridToken> all = group.allGatherFlat(new ArrayList<>(local));
    TokenStates s = new TokenStates(all, plan.ranks());
    int me = group.rank();
    int[] members = new int[s.count()];
    for (int level = 0; level < plan.depth(); level++) {
      int seg = plan.segment(level, me);
      if (!plan.isCut(level, seg)) {
        continue;
      }
      int count = 0;
      for (int k = 0; k < s.count(); k++) {
        if (plan.segment(level, s.at[k]) == seg) {
          members[count++] = k;
        }
      }
      PairMove.balance(plan, level, seg, members, count, s, epsilon);
    }
    List<Packet> landing = new ArrayList<>();
    for (int k = 0; k < s.count(); k++) {
      if (s.at[k] == me) {
        landing.add(s.packet(k));
      }
    }
    return Distributed.informSourcesAndGather(group, landing);
  }
}
