package org.amrbalance.balancers.gridindivisibility;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.api.Test;

/**
 * The schedulers' indexed searches against the plain definitions they replace: list scheduling against a scan of
 * the whole list per free processor, decreasing fit's first pass against a boxed priority queue, on machines
 * large enough that every search path of {@link ListScheduling} (walk, queues near the processor, a class that
 * reaches everyone) is taken.
 */
class ScanEquivalenceTest {
  /** L2 as §3.6 states it: each free processor scans the ordered list for the first grid within reach. */
  private static int[] scanListScheduling(List<GridToken> grids, Machine machine, double[] below) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < grids.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingLong((Integer i) -> -grids.get(i).size()).thenComparingInt(i -> grids.get(i).id()));
    int[] rank = new int[grids.size()];
    PriorityQueue<long[]> free = new PriorityQueue<>(
        Comparator.comparingLong((long[] e) -> e[0]).thenComparingDouble(e -> below[(int) e[1]])
            .thenComparingLong(e -> e[1]));
    for (int r = 0; r < machine.ranks(); r++) {
      free.add(new long[] {0, r});
    }
    while (!order.isEmpty() && !free.isEmpty()) {
      long[] event = free.poll();
      int r = (int) event[1];
      for (int k = 0; k < order.size(); k++) {
        GridToken g = grids.get(order.get(k));
        if (machine.hops(g.origin(), r) <= g.budget()) {
          rank[order.remove(k)] = r;
          free.add(new long[] {event[0] + g.size(), r});
          break;
        }
      }
    }
    return rank;
  }

  private static List<GridToken> tokens(Random rnd, Machine machine, int m, int maxBudget) {
    List<GridToken> tokens = new ArrayList<>();
    int hot = 1 + rnd.nextInt(machine.ranks());
    for (int i = 0; i < m; i++) {
      int origin = rnd.nextInt(3) == 0 ? rnd.nextInt(machine.ranks()) : rnd.nextInt(hot);
      // Few distinct sizes, so that ties by id matter; ids out of order now and then.
      int id = rnd.nextInt(5) == 0 ? 5 * m - i : 2 * i;
      tokens.add(GridToken.of(id, rnd.nextInt(9), origin, rnd.nextInt(maxBudget + 1)));
    }
    return tokens;
  }

  @Test
  void listSchedulingPlacesEveryGridWhereTheScanDoes() {
    Random rnd = new Random(16);
    List<Machine> machines = List.of(Machine.hypercube(4096), Machine.hypercube(64), Machine.mesh(24, 20),
        Machine.mesh(7, 1), Machine.fullyConnected(50), Machine.fullyConnected(1), Machine.hypercube(1));
    for (int run = 0; run < 60; run++) {
      Machine machine = machines.get(run % machines.size());
      int diameter = machine.topology().diameter();
      List<GridToken> grids = tokens(rnd, machine, 1 + rnd.nextInt(run % 3 == 0 ? 3000 : 300), diameter + 1);
      double[] below = new double[machine.ranks()];
      for (int r = 0; r < below.length; r++) {
        below[r] = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(4);
      }
      assertThat(new ListScheduling().schedule(grids, machine, below)).as("run %d on %s", run, machine)
          .containsExactly(scanListScheduling(grids, machine, below));
    }
  }

  @Test
  void decreasingFitsFirstPassIsLptWithTiesToTheLowestRank() {
    Random rnd = new Random(17);
    for (int run = 0; run < 40; run++) {
      Machine machine = Machine.fullyConnected(1 + rnd.nextInt(40));
      List<GridToken> grids = tokens(rnd, machine, rnd.nextInt(400), 0);
      Integer[] order = new Integer[grids.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      java.util.Arrays.sort(order, Comparator.comparingLong((Integer i) -> -grids.get(i).size())
          .thenComparingInt(i -> grids.get(i).id()));
      PriorityQueue<long[]> bins = new PriorityQueue<>(
          Comparator.comparingLong((long[] e) -> e[0]).thenComparingLong(e -> e[1]));
      for (int r = 0; r < machine.ranks(); r++) {
        bins.add(new long[] {0, r});
      }
      int[] expected = new int[grids.size()];
      for (int i : order) {
        long[] bin = bins.poll();
        expected[i] = (int) bin[1];
        bin[0] += grids.get(i).size();
        bins.add(bin);
      }
      assertThat(new DecreasingFit().schedule(grids, machine)).as("run %d", run).containsExactly(expected);
    }
  }

  @Test
  void indexSortIsStableAndThePackedOrderMatchesTheComparison() {
    Random rnd = new Random(18);
    for (int run = 0; run < 50; run++) {
      int n = rnd.nextInt(500);
      long[] size = new long[n];
      int[] id = new int[n];
      boolean huge = run % 5 == 0; // sizes past 32 bits take the comparison path
      for (int i = 0; i < n; i++) {
        size[i] = huge ? (1L << 40) + rnd.nextInt(4) : rnd.nextInt(6);
        id[i] = run % 7 == 0 ? rnd.nextInt(1000) : 3 * i;
      }
      for (boolean descending : new boolean[] {true, false}) {
        Integer[] expected = new Integer[n];
        for (int i = 0; i < n; i++) {
          expected[i] = i;
        }
        Comparator<Integer> bySize = Comparator.comparingLong(i -> size[i]);
        java.util.Arrays.sort(expected, (descending ? bySize.reversed() : bySize).thenComparingInt(i -> id[i]));
        assertThat(IndexSort.bySizeThenId(size, id, descending)).as("run %d", run).containsExactly(
            java.util.Arrays.stream(expected).mapToInt(Integer::intValue).toArray());
      }
    }
  }

  @Test
  void patchRanksAreKeptByIdDenseOrSparse() {
    for (int spread : new int[] {1, 1_000_003}) {
      List<org.amrbalance.spi.Patch> patches = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        patches.add(org.amrbalance.spi.Patch.of(i * spread % Integer.MAX_VALUE, 0,
            org.amrbalance.spi.Box.of2d(0, 0, 1, 1)));
      }
      IdRanks ranks = IdRanks.of(patches);
      for (int i = 0; i < patches.size(); i++) {
        ranks.put(patches.get(i).id(), i % 7);
      }
      for (int i = 0; i < patches.size(); i++) {
        assertThat(ranks.get(patches.get(i).id())).isEqualTo(i % 7);
      }
      assertThatThrownBy(() -> ranks.get(patches.get(49).id() + 1)).hasMessageContaining("patch");
    }
  }
}
