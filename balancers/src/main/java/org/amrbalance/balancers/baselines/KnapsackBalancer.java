package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import java.util.List;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Patch;

/**
 * The knapsack distribution of AMReX-style codes: whole patches by LPT (heaviest first to the least-loaded
 * rank), then, while the efficiency (average / maximum load) is below the target, the best exchange between the
 * heaviest and the lightest rank: a patch a of the heaviest against a lighter patch b of the lightest (or against
 * nothing), the one that most lowers the larger of the two new loads, provided it is below the heaviest's load.
 * Stops when no exchange helps. Ignores locality.
 *
 * <p>Level by level (the default), the level is balanced on its own as above (ties by patch id and lowest rank),
 * and then placed for the total load without a larger level maximum, whichever of two answers has the smaller
 * largest total (below + level; the first on a tie): its bins handed to ranks by the work the coarser levels already
 * placed, heaviest bin to the rank with the least work below ({@code PerLevel.pairWithLoadBelow}), or {@link
 * LevelCappedLpt} capped at the level's own maximum. Either way the level is as balanced as before and the levels no
 * longer stack their heaviest patches on the same ranks, so total and level-synchronous efficiency are both high.
 */
public final class KnapsackBalancer implements LoadBalancer {
  private final KnapsackOptions options;

  public KnapsackBalancer(KnapsackOptions options) {
    this.options = Checks.notNull("options", options);
  }

  @Override
  public Assignment balance(BalanceProblem problem) {
    return PerLevel.balance(problem, options.levelByLevel(),
        (patches, ranks, below) -> PerLevel.forTotalLoad(place(patches, ranks), patches, below));
  }

  int[] place(List<Patch> patches, int ranks) {
    int m = patches.size();
    double[] work = new double[m];
    int[] id = new int[m];
    for (int i = 0; i < m; i++) {
      work[i] = patches.get(i).work();
      id[i] = patches.get(i).id();
    }
    // Heaviest first, ties by patch id (as comparing the negated works, -0 and all).
    int[] order;
    if (IndexOrder.ascending(id, null)) { // the ids of a level, or of a hierarchy, are in list order
      long[] key = new long[m];
      for (int i = 0; i < m; i++) {
        key[i] = IndexOrder.sortable(-work[i]);
      }
      order = IndexOrder.byKey(key);
    } else {
      order = IndexOrder.sorted(m, (a, b) -> {
        int c = Double.compare(-work[a], -work[b]);
        return c != 0 ? c : Integer.compare(id[a], id[b]);
      });
    }
    double[] load = new double[ranks];
    Bins bins = new Bins(ranks, m);
    RankHeap lightest = RankHeap.full(load, null);
    int[] rank = new int[m];
    for (int i : order) {
      int r = lightest.peek();
      rank[i] = r;
      load[r] += work[i];
      bins.add(r, i);
      lightest.update(r);
    }
    for (int swap = 0; swap < options.maxSwaps(); swap++) {
      int heavy = 0;
      int light = 0;
      double sum = 0;
      for (int r = 0; r < ranks; r++) {
        sum += load[r];
        heavy = load[r] > load[heavy] ? r : heavy;
        light = load[r] < load[light] ? r : light;
      }
      if (load[heavy] == 0 || sum / ranks / load[heavy] >= options.efficiency()) {
        break;
      }
      double best = load[heavy];
      int bestA = -1;
      int bestB = -1;
      int[] heavyBin = bins.of(heavy);
      int[] lightBin = bins.of(light);
      for (int x = 0, nh = bins.size(heavy); x < nh; x++) {
        int a = heavyBin[x];
        double wa = work[a];
        double alone = Math.max(load[heavy] - wa, load[light] + wa);
        if (alone < best) {
          best = alone;
          bestA = a;
          bestB = -1;
        }
        for (int y = 0, nl = bins.size(light); y < nl; y++) {
          int b = lightBin[y];
          double wb = work[b];
          if (wb < wa) {
            double both = Math.max(load[heavy] - wa + wb, load[light] + wa - wb);
            if (both < best) {
              best = both;
              bestA = a;
              bestB = b;
            }
          }
        }
      }
      if (bestA < 0) {
        break;
      }
      move(bestA, heavy, light, work, load, bins, rank);
      if (bestB >= 0) {
        move(bestB, light, heavy, work, load, bins, rank);
      }
    }
    return rank;
  }

  private static void move(int i, int from, int to, double[] work, double[] load, Bins bins, int[] rank) {
    bins.remove(from, i);
    bins.add(to, i);
    load[from] -= work[i];
    load[to] += work[i];
    rank[i] = to;
  }

  /** The patches of each rank, in the order they came (the order the exchange search tries them). */
  private static final class Bins {
    private final int[][] items;
    private final int[] size;

    Bins(int ranks, int patches) {
      items = new int[ranks][];
      size = new int[ranks];
      int guess = Math.max(2, 2 * patches / Math.max(1, ranks));
      for (int r = 0; r < ranks; r++) {
        items[r] = new int[guess];
      }
    }

    int[] of(int r) {
      return items[r];
    }

    int size(int r) {
      return size[r];
    }

    void add(int r, int i) {
      if (size[r] == items[r].length) {
        items[r] = java.util.Arrays.copyOf(items[r], 2 * size[r]);
      }
      items[r][size[r]++] = i;
    }

    /** Removes the first occurrence of {@code i}, keeping the others in order. */
    void remove(int r, int i) {
      int[] bin = items[r];
      for (int k = 0; k < size[r]; k++) {
        if (bin[k] == i) {
          System.arraycopy(bin, k + 1, bin, k, size[r] - k - 1);
          size[r]--;
          return;
        }
      }
    }
  }
}
