package org.amrbalance.balancers.gridindivisibility;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.amrbalance.spi.Machine;

/**
 * L2, list scheduling with distance tags (seed 002 §3.6, spec §13.3): the grids in decreasing size (ties by
 * id); whenever a processor becomes free (event-driven over finish times; at time 0 all are free, and of
 * processors free at the same time the lowest rank goes first), it takes the first grid of the list whose
 * distance from its origin is within its budget. A processor that finds none stays idle for good (its
 * eligible set can only shrink). Every grid is eligible on its own origin, so the list empties. O(M^2). Told the
 * work below each processor, processors free at the same time go in increasing order of it, then by rank.
 */
public final class ListScheduling implements WholeGridScheduler {
  @Override
  public int[] schedule(List<GridToken> grids, Machine machine) {
    return schedule(grids, machine, new double[machine.ranks()]);
  }

  @Override
  public int[] schedule(List<GridToken> grids, Machine machine, double[] below) {
    int ranks = machine.ranks();
    new TokenStates(grids, ranks); // validates ids and origins
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < grids.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingLong((Integer i) -> -grids.get(i).size()).thenComparingInt(i -> grids.get(i).id()));
    int[] next = new int[order.size() + 1]; // a linked list over the ordered grids, for O(1) removal
    for (int i = 0; i <= order.size(); i++) {
      next[i] = i + 1;
    }
    int[] rank = new int[grids.size()];
    PriorityQueue<long[]> free = new PriorityQueue<>(
        Comparator.comparingLong((long[] e) -> e[0]).thenComparingDouble(e -> below[(int) e[1]])
            .thenComparingLong(e -> e[1]));
    for (int r = 0; r < ranks; r++) {
      free.add(new long[] {0, r});
    }
    int left = order.size();
    while (left > 0 && !free.isEmpty()) {
      long[] event = free.poll();
      int r = (int) event[1];
      int prev = 0; // node 0 is the head; ordered grid k is node k + 1
      for (int node = next[0]; node <= order.size(); prev = node, node = next[node]) {
        GridToken g = grids.get(order.get(node - 1));
        if (machine.hops(g.origin(), r) <= g.budget()) {
          rank[order.get(node - 1)] = r;
          next[prev] = next[node];
          left--;
          free.add(new long[] {event[0] + g.size(), r});
          break;
        }
      }
    }
    return rank;
  }
}
