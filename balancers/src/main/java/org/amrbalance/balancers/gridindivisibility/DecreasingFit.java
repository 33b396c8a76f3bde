package org.amrbalance.balancers.gridindivisibility;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.amrbalance.balancers.baselines.LevelCappedLpt;
import org.amrbalance.spi.Machine;

/**
 * L3, decreasing fit (Graham's LPT; seed 002 §3.6, spec §13.3): the grids in decreasing size (ties by id),
 * each to the least-loaded processor (ties: lowest rank), ignoring origins, budgets and communication.
 * Makespan at most (4/3 - 1/(3N)) times the optimum. O(M log M + M log N).
 *
 * <p>Told the work below each processor (level by level), it then places the level for the total load at the same
 * level makespan, keeping whichever answer has the smaller largest total (below + level; the first on a tie):
 * the processors' sets handed out heaviest set to the processor with the least work below (pairing the sorted sets
 * and loads in opposite orders minimises the largest total over all ways to hand them out), or LPT keyed by the
 * total load with every processor's level load capped at the makespan (the first {@value LevelCappedLpt#TRIES} processors of
 * least total tried per grid; none with room keeps the first answer). {@code below} must be in the units of the
 * sizes.
 */
public final class DecreasingFit implements WholeGridScheduler {
  @Override
  public int[] schedule(List<GridToken> grids, Machine machine) {
    return schedule(grids, machine, new double[machine.ranks()]);
  }

  @Override
  public int[] schedule(List<GridToken> grids, Machine machine, double[] below) {
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
    long[] size = new long[machine.ranks()];
    for (int i : order) {
      long[] bin = bins.poll();
      rank[i] = (int) bin[1];
      bin[0] += grids.get(i).size();
      size[rank[i]] = bin[0];
      bins.add(bin);
    }
    boolean none = true;
    for (double b : below) {
      none &= b == 0;
    }
    if (none) {
      return rank;
    }
    long makespan = 0;
    for (long s : size) {
      makespan = Math.max(makespan, s);
    }
    int[] paired = paired(rank, size, below);
    int[] capped = capped(grids, order, below, makespan, machine.ranks());
    return capped != null && maxTotal(capped, grids, below) < maxTotal(paired, grids, below) ? capped : paired;
  }

  private static double maxTotal(int[] rank, List<GridToken> grids, double[] below) {
    double[] total = below.clone();
    for (int i = 0; i < rank.length; i++) {
      total[rank[i]] += grids.get(i).size();
    }
    double max = 0;
    for (double t : total) {
      max = Math.max(max, t);
    }
    return max;
  }

  /** Whole cell counts add up exactly: no slack on the cap. */
  private static int[] capped(List<GridToken> grids, List<Integer> order, double[] below, long cap, int ranks) {
    double[] work = new double[grids.size()];
    for (int i = 0; i < work.length; i++) {
      work[i] = grids.get(i).size();
    }
    return LevelCappedLpt.place(work, order, Arrays.copyOf(below, ranks), cap, 0);
  }

  private static int[] paired(int[] first, long[] size, double[] below) {
    int[] rank = first.clone();
    Integer[] sets = new Integer[size.length];
    Integer[] targets = new Integer[size.length];
    for (int r = 0; r < size.length; r++) {
      sets[r] = r;
      targets[r] = r;
    }
    Arrays.sort(sets, (a, b) -> size[a] != size[b] ? Long.compare(size[b], size[a]) : Integer.compare(a, b));
    Arrays.sort(targets, (a, b) -> below[a] != below[b] ? Double.compare(below[a], below[b]) : Integer.compare(a, b));
    int[] to = new int[size.length];
    for (int k = 0; k < size.length; k++) {
      to[sets[k]] = targets[k];
    }
    for (int i = 0; i < rank.length; i++) {
      rank[i] = to[rank[i]];
    }
    return rank;
  }
}
