package org.amrbalance.balancers.gridindivisibility;

import java.util.Arrays;
import java.util.List;
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
    TokenStates s = new TokenStates(grids, machine.ranks()); // validates ids and origins
    int[] order = IndexSort.bySizeThenId(s.size, s.id, true);
    long[] size = new long[machine.ranks()];
    RankHeap bins = RankHeap.ofAll(size, null);
    int[] rank = new int[s.count()];
    for (int i : order) {
      int r = bins.peek();
      rank[i] = r;
      size[r] += s.size[i];
      bins.siftTop();
    }
    boolean none = true;
    for (double b : below) {
      none &= b == 0;
    }
    if (none) {
      return rank;
    }
    long makespan = 0;
    for (long l : size) {
      makespan = Math.max(makespan, l);
    }
    int[] paired = paired(rank, size, below);
    int[] capped = capped(s, order, below, makespan, machine.ranks());
    return capped != null && maxTotal(capped, s, below) < maxTotal(paired, s, below) ? capped : paired;
  }

  private static double maxTotal(int[] rank, TokenStates s, double[] below) {
    double[] total = below.clone();
    for (int i = 0; i < rank.length; i++) {
      total[rank[i]] += s.size[i];
    }
    double max = 0;
    for (double t : total) {
      max = Math.max(max, t);
    }
    return max;
  }

  /** Whole cell counts add up exactly: no slack on the cap. */
  private static int[] capped(TokenStates s, int[] order, double[] below, long cap, int ranks) {
    double[] work = new double[s.count()];
    for (int i = 0; i < work.length; i++) {
      work[i] = s.size[i];
    }
    return LevelCappedLpt.place(work, GenerationDriver.indices(order), Arrays.copyOf(below, ranks), cap, 0);
  }

  private static int[] paired(int[] first, long[] size, double[] below) {
    int[] rank = first.clone();
    int[] sets = IndexSort.sorted(size.length, (a, b) -> size[a] != size[b] ? Long.compare(size[b], size[a])
        : Integer.compare(a, b));
    int[] targets = IndexSort.sorted(size.length, (a, b) -> below[a] != below[b] ? Double.compare(below[a], below[b])
        : Integer.compare(a, b));
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
