package org.amrbalance.balancers.baselines;

import org.amrbalance.spi.internal.Checks;
import com.google.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
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

  @Inject
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
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingDouble((Integer i) -> -patches.get(i).work())
        .thenComparingInt(i -> patches.get(i).id()));
    double[] load = new double[ranks];
    List<List<Integer>> bins = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      bins.add(new ArrayList<>());
    }
    PriorityQueue<Integer> lightest = new PriorityQueue<>(
        Comparator.comparingDouble((Integer r) -> load[r]).thenComparingInt(r -> r));
    for (int r = 0; r < ranks; r++) {
      lightest.add(r);
    }
    int[] rank = new int[m];
    for (int i : order) {
      int r = lightest.poll();
      rank[i] = r;
      load[r] += patches.get(i).work();
      bins.get(r).add(i);
      lightest.add(r);
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
      for (int a : bins.get(heavy)) {
        double wa = patches.get(a).work();
        double alone = Math.max(load[heavy] - wa, load[light] + wa);
        if (alone < best) {
          best = alone;
          bestA = a;
          bestB = -1;
        }
        for (int b : bins.get(light)) {
          double wb = patches.get(b).work();
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
      move(bestA, heavy, light, patches, load, bins, rank);
      if (bestB >= 0) {
        move(bestB, light, heavy, patches, load, bins, rank);
      }
    }
    return rank;
  }

  private static void move(int i, int from, int to, List<Patch> patches, double[] load, List<List<Integer>> bins,
      int[] rank) {
    bins.get(from).remove(Integer.valueOf(i));
    bins.get(to).add(i);
    load[from] -= patches.get(i).work();
    load[to] += patches.get(i).work();
    rank[i] = to;
  }
}
