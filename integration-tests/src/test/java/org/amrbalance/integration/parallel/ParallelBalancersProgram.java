package org.amrbalance.integration.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.balancers.gridindivisibility.DistributedGridIndivisibilityBalancer;
import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityBalancer;
import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions;
import org.amrbalance.balancers.packing.Item;
import org.amrbalance.balancers.packing.Packing;
import org.amrbalance.balancers.packing.ParallelTightPacker;
import org.amrbalance.balancers.packing.TightPacker;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.RankProgram;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.workloads.RandomHierarchies;

/**
 * Runs on every rank: the concurrent, gathering and parallel forms of the grid-indivisibility balancer and the
 * parallel packing heuristic, each on MPJ Express messages, must give exactly what the sequential forms give.
 * Argument: the number of random instances.
 */
public final class ParallelBalancersProgram implements RankProgram {
  static final String DONE = "parallel balancers agree on rank ";

  @Override
  public void run(Communicator comm, List<String> args) {
    int instances = Integer.parseInt(args.get(0));
    int n = comm.size();
    Machine machine = Integer.bitCount(n) == 1 ? Machine.hypercube(n) : Machine.fullyConnected(n);
    GridIndivisibilityOptions options = GridIndivisibilityOptions.defaults();
    for (long seed = 0; seed < instances; seed++) {
      Hierarchy h = RandomHierarchies.defaults().maxChildren(5).generate(seed);
      BalanceProblem problem = BalanceProblem.of(h, machine);
      Assignment sequential = new GridIndivisibilityBalancer(options).balance(problem);
      for (DistributedGridIndivisibilityBalancer.Form form : DistributedGridIndivisibilityBalancer.Form.values()) {
        Assignment distributed = new DistributedGridIndivisibilityBalancer(comm, form, options).balance(problem);
        assertThat(distributed).as("%s, seed %d, %d ranks", form, seed, n).isEqualTo(sequential);
      }

      Random rnd = new Random(seed);
      List<Item> all = new ArrayList<>();
      List<Item> mine = new ArrayList<>();
      int count = 1 + rnd.nextInt(40);
      for (int i = 0; i < count; i++) {
        Item item = Item.of(i, 1 + rnd.nextInt(30), 1 + rnd.nextInt(30));
        all.add(item);
        if (rnd.nextInt(n) == comm.rank()) { // every rank draws the same numbers: a random split of the grids
          mine.add(item);
        }
      }
      Packing parallel = ParallelTightPacker.of(TightPacker.defaults()).pack(comm, mine, 1.0);
      Packing sequentialPacking = TightPacker.defaults().pack(all, 1.0);
      assertThat(parallel.placements()).as("packing, seed %d", seed)
          .containsExactlyElementsOf(sequentialPacking.placements());
    }
    System.out.println(DONE + comm.rank());
  }
}
