package org.amrbalance.balancers.baselines;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Patch;
import org.junit.jupiter.api.Test;

/** How a level's placement uses the work the coarser levels already placed. */
class LoadBelowTest {
  private static List<Patch> patches(double[] work) {
    List<Patch> out = new ArrayList<>();
    for (int i = 0; i < work.length; i++) {
      out.add(Patch.of(i, 0, Box.ofSize(1, 1)).withWork(work[i]));
    }
    return out;
  }

  private static double maxTotal(int[] rank, double[] work, double[] below) {
    double[] t = below.clone();
    for (int i = 0; i < rank.length; i++) {
      t[rank[i]] += work[i];
    }
    double max = 0;
    for (double x : t) {
      max = Math.max(max, x);
    }
    return max;
  }

  /** The smallest largest total over every way to hand the bins to ranks, by trying them all. */
  private static double bestPairing(double[] bin, double[] below, int[] perm, int k, boolean[] used) {
    if (k == bin.length) {
      double max = 0;
      for (int b = 0; b < bin.length; b++) {
        max = Math.max(max, bin[b] + below[perm[b]]);
      }
      return max;
    }
    double best = Double.POSITIVE_INFINITY;
    for (int r = 0; r < below.length; r++) {
      if (!used[r]) {
        used[r] = true;
        perm[k] = r;
        best = Math.min(best, bestPairing(bin, below, perm, k + 1, used));
        used[r] = false;
      }
    }
    return best;
  }

  @Test
  void pairingBinsWithTheWorkBelowIsTheBestHandingOut() {
    Random rnd = new Random(7);
    for (int trial = 0; trial < 200; trial++) {
      int ranks = 1 + rnd.nextInt(6);
      int m = rnd.nextInt(10);
      double[] work = new double[m];
      int[] bin = new int[m];
      double[] binWork = new double[ranks];
      for (int i = 0; i < m; i++) {
        work[i] = 1 + rnd.nextInt(20);
        bin[i] = rnd.nextInt(ranks);
        binWork[bin[i]] += work[i];
      }
      double[] below = new double[ranks];
      for (int r = 0; r < ranks; r++) {
        below[r] = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(40);
      }
      below[0] += 1; // some work below, so that the pairing is made
      int[] rank = PerLevel.pairWithLoadBelow(bin, patches(work), below);
      // Patches of one bin stay together, on distinct ranks per bin.
      for (int i = 0; i < m; i++) {
        for (int j = 0; j < m; j++) {
          assertThat(rank[i] == rank[j]).isEqualTo(bin[i] == bin[j]);
        }
      }
      assertThat(maxTotal(rank, work, below))
          .isEqualTo(bestPairing(binWork, below, new int[ranks], 0, new boolean[ranks]));
    }
  }

  @Test
  void theCappedPlacementKeepsEveryLevelLoadWithinTheCap() {
    Random rnd = new Random(11);
    for (int trial = 0; trial < 200; trial++) {
      int ranks = 1 + rnd.nextInt(8);
      double[] work = new double[1 + rnd.nextInt(30)];
      double sum = 0;
      double largest = 0;
      for (int i = 0; i < work.length; i++) {
        work[i] = 1 + rnd.nextInt(50);
        sum += work[i];
        largest = Math.max(largest, work[i]);
      }
      double[] below = new double[ranks];
      for (int r = 0; r < ranks; r++) {
        below[r] = rnd.nextInt(100);
      }
      double cap = Math.max(largest, sum / ranks) * (1 + rnd.nextDouble());
      int[] rank = LevelCappedLpt.place(work, below, cap);
      if (rank == null) {
        continue; // no room for some grid among the ranks tried: the caller keeps its own answer
      }
      double[] level = new double[ranks];
      for (int i = 0; i < work.length; i++) {
        level[rank[i]] += work[i];
      }
      for (double l : level) {
        assertThat(l).isLessThanOrEqualTo(cap * (1 + 1e-9));
      }
    }
  }

  @Test
  void withoutACapTheCappedPlacementIsLptOnTheTotalLoad() {
    // Below: rank 0 holds 10. Grids 6, 5, 4: 6 -> rank 1 (0), 5 -> rank 2 (0), 4 -> rank 2? no: totals 10, 6, 5,
    // so 4 goes to rank 2 (5 < 6), then totals 10, 6, 9.
    int[] rank = LevelCappedLpt.place(new double[] {6, 5, 4}, new double[] {10, 0, 0}, Double.MAX_VALUE);
    assertThat(rank).containsExactly(1, 2, 2);
  }
}
