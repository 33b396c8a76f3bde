package org.amrbalance.balancers.baselines;

import java.util.List;

/**
 * A level's whole grids placed for the total load without giving up the level's balance: LPT keyed by the total
 * load of a rank (the work below it plus what the level has put there), heaviest grid first (ties by index), each
 * grid to the rank of least total whose level load stays within {@code cap} (ties: lowest rank). A level balancer
 * passes its own level makespan as the cap, so the level's maximum (and the level-synchronous efficiency) is never
 * worse than its own answer; the ranks with much work below get little of the level.
 *
 * <p>The first {@link #TRIES} ranks of least total are tried for each grid; if none has room the answer is null
 * and the caller keeps its own placement. This bounds the time by O(M (log M + TRIES log N)).
 */
public final class LevelCappedLpt {
  /** Ranks tried per grid before giving up. */
  public static final int TRIES = 64;

  private LevelCappedLpt() {}

  /**
   * The rank of each grid, or null if some grid finds no rank within the cap.
   *
   * @param work the grids' work
   * @param below work already on each rank
   * @param cap the largest level load a rank may take
   */
  static int[] place(double[] work, double[] below, double cap) {
    // The cap is a sum of the same works in another order: a little slack for rounding.
    return place(work, IndexOrder.decreasing(work), below, cap, 1e-9 * Math.max(cap, 1), ANYWHERE);
  }

  /**
   * As {@link #place(double[], double[], double)}, the grids taken in {@code order} and a rank taking a grid while
   * its level load stays within {@code cap + slack} (slack 0 for works that add up exactly, as whole cell counts
   * do): the placement that decreasing-fit shares.
   */
  public static int[] place(double[] work, List<Integer> order, double[] below, double cap, double slack) {
    return place(work, order, below, cap, slack, ANYWHERE);
  }

  /** As {@link #place(double[], List, double[], double, double)}, the order as an array. */
  public static int[] place(double[] work, int[] order, double[] below, double cap, double slack) {
    return place(work, order, below, cap, slack, ANYWHERE);
  }

  private static final Allowed ANYWHERE = (grid, rank) -> true;

  /** Which ranks a grid may go to: a whole-grid balancer's communication budget. */
  @FunctionalInterface
  public interface Allowed {
    boolean test(int grid, int rank);

    /** The one rank a grid may go to, or -1 if {@link #test} decides: such a grid skips the search. */
    default int only(int grid) {
      return -1;
    }
  }

  /**
   * As {@link #place(double[], List, double[], double, double)}, each grid only on the ranks {@code allowed} gives it.
   * A grid allowed nowhere among the ranks tried makes the answer null: callers put grids with a single allowed rank
   * first in {@code order}.
   */
  public static int[] place(double[] work, List<Integer> order, double[] below, double cap, double slack,
      Allowed allowed) {
    int[] o = new int[order.size()];
    int k = 0;
    for (int i : order) {
      o[k++] = i;
    }
    return place(work, o, below, cap, slack, allowed);
  }

  /** As {@link #place(double[], List, double[], double, double, Allowed)}, the order as an array. */
  public static int[] place(double[] work, int[] order, double[] below, double cap, double slack, Allowed allowed) {
    int ranks = below.length;
    double[] level = new double[ranks];
    double[] total = new double[ranks]; // below + level, the key of a rank in the heap
    for (int r = 0; r < ranks; r++) {
      total[r] = below[r] + level[r];
    }
    RankHeap least = RankHeap.full(total, null);
    int[] rank = new int[work.length];
    int[] tried = new int[TRIES];
    for (int i : order) {
      int chosen = -1;
      int only = allowed.only(i);
      if (only >= 0) {
        if (level[only] + work[i] > cap + slack) {
          return null;
        }
        chosen = only;
      }
      // The ranks that do not fit come out of the heap and go back after; the one that fits stays and moves down.
      int triedCount = 0;
      while (chosen < 0 && triedCount < TRIES && !least.isEmpty()) {
        int r = least.peek();
        if (level[r] + work[i] <= cap + slack && allowed.test(i, r)) {
          chosen = r;
        } else {
          tried[triedCount++] = least.poll();
        }
      }
      for (int t = 0; t < triedCount; t++) {
        least.add(tried[t]);
      }
      if (chosen < 0) {
        return null;
      }
      rank[i] = chosen;
      level[chosen] += work[i];
      total[chosen] = below[chosen] + level[chosen];
      least.update(chosen);
    }
    return rank;
  }

  /** The largest below + level load of a placement. */
  public static double maxTotal(int[] rank, double[] work, double[] below) {
    double[] total = below.clone();
    for (int i = 0; i < rank.length; i++) {
      total[rank[i]] += work[i];
    }
    double max = 0;
    for (double t : total) {
      max = Math.max(max, t);
    }
    return max;
  }

  /** The largest level load of a placement. */
  static double makespan(int[] rank, double[] work, int ranks) {
    double[] level = new double[ranks];
    for (int i = 0; i < rank.length; i++) {
      level[rank[i]] += work[i];
    }
    double max = 0;
    for (double l : level) {
      max = Math.max(max, l);
    }
    return max;
  }
}
