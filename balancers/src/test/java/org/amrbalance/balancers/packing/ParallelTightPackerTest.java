package org.amrbalance.balancers.packing;

import org.amrbalance.balancers.packing.GridPackingOptions.OrientationRule;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.junit.jupiter.api.Test;

class ParallelTightPackerTest {

  @Test
  void givesTheSequentialPackingOnEveryRank() {
    Random rnd = new Random(532L);
    for (int t = 0; t < 60; t++) {
      List<Item> items = RandomItems.rectangles(rnd, 1 + rnd.nextInt(40), 1 + rnd.nextInt(30));
      int ranks = 1 + rnd.nextInt(5);
      TightPacker settings = TightPacker.defaults().withOrder(PackingOrder.values()[t % 5])
          .withRule(t % 3 == 0 ? OrientationRule.DIAGONAL : OrientationRule.FREE).withHolePruning(t % 4 == 1);
      double ratio = t % 2 == 0 ? 1.0 : 1.0 + rnd.nextInt(3) / 2.0;
      // Each rank "generated" a random subset of the grids.
      List<List<Item>> local = new ArrayList<>();
      for (int r = 0; r < ranks; r++) {
        local.add(new ArrayList<>());
      }
      for (Item i : items) {
        local.get(rnd.nextInt(ranks)).add(i);
      }
      List<Packing> results = ThreadCollectives.run(ranks,
          c -> ParallelTightPacker.of(settings).pack(c, local.get(c.rank()), ratio));
      Packing sequential = settings.pack(items, ratio);
      for (Packing p : results) {
        assertThat(p.placements()).as("instance %d on %d ranks", t, ranks)
            .containsExactlyElementsOf(sequential.placements());
      }
      PackingChecks.assertValid(items, results.get(0), "instance " + t);
    }
  }

  @Test
  void ranksWithoutGridsTakePartAndAnEmptyLevelGivesAnEmptyPacking() {
    List<Packing> results = ThreadCollectives.run(3, c -> ParallelTightPacker.of(TightPacker.defaults())
        .pack(c, c.rank() == 1 ? List.of(Item.of(0, 4, 2), Item.of(1, 3, 3)) : List.of(), 1.0));
    assertThat(results.get(0)).isEqualTo(TightPacker.defaults().pack(List.of(Item.of(0, 4, 2), Item.of(1, 3, 3)), 1.0));
    assertThat(results.get(2)).isEqualTo(results.get(0));
    List<Packing> empty = ThreadCollectives.run(2,
        c -> ParallelTightPacker.of(TightPacker.defaults()).pack(c, List.of(), 1.0));
    assertThat(empty.get(0).size()).isZero();
  }
}
