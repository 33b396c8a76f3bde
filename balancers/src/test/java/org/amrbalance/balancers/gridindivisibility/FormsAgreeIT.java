package org.amrbalance.balancers.gridindivisibility;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SortedMap;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.junit.jupiter.api.Test;

/** Sequential = concurrent = gathering = parallel on a thousand small random instances per form (spec §12). */
class FormsAgreeIT {

  @Test
  void everyFormGivesTheSequentialPlacement() {
    for (long seed = 0; seed < 1000; seed++) {
      RandomTokens in = RandomTokens.generate(seed, 4);
      HalvingPlan plan = in.plan();
      int[] sequential = RecursiveHalvingScheduler.of(in.epsilon, in.rule).schedule(in.tokens, plan);
      List<DistributedScheduler> forms = List.of(new ConcurrentRecursiveHalving(in.epsilon),
          new GatheringRecursiveHalving(in.epsilon), new ParallelRecursiveHalving(in.epsilon));
      for (DistributedScheduler form : forms) {
        List<SortedMap<Integer, Integer>> out = ThreadCollectives.run(plan.ranks(),
            c -> form.run(c, in.on(c.rank()), plan));
        for (SortedMap<Integer, Integer> placement : out) {
          assertThat(placement).as("seed %d, %s, %s", seed, form.getClass().getSimpleName(), in)
              .hasSize(in.tokens.size());
          for (int i = 0; i < in.tokens.size(); i++) {
            assertThat(placement.get(in.tokens.get(i).id())).as("seed %d, %s, grid %d, %s", seed,
                form.getClass().getSimpleName(), in.tokens.get(i).id(), in).isEqualTo(sequential[i]);
          }
        }
      }
    }
  }
}
