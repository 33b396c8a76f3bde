package org.amrbalance.balancers.gridindivisibility;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.amrbalance.spi.Machine;

/**
 * L3, decreasing fit (Graham's LPT; seed 002 §3.6, spec §13.3): the grids in decreasing size (ties by id),
 * each to the least-loaded processor (ties: lowest rank), ignoring origins, budgets and communication.
 * Makespan at most (4/3 - 1/(3N)) times the optimum. O(M log M + M log N).
 */
public final class DecreasingFit implements WholeGridScheduler {
  @Override
  public int[] schedule(List<GridToken> grids, Machine machine) {
    new TokenStates(grids, machine.ranks()); // validates ids and origins
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < grids.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingLong((Integer i) -> -grids.get(i).size()).thenComparingInt(i -> grids.get(i).id()));
    PriorityQueue<long[]> bins = new PriorityQueue<>(
        Comparator.comparingLong((long[] e) -> e[0]).thenComparingLong(e -> e[1]));
    for (int r = 0; r < machine.ranks(); r++) {
      bins.add(new long[] {0, r});
    }
    int[] rank = new int[grids.size()];
    for (int i : order) {
      long[] bin = bins.poll();
      rank[i] = (int) bin[1];
      bin[0] += grids.get(i).size();
      bins.add(bin);
    }
    return rank;
  }
}
