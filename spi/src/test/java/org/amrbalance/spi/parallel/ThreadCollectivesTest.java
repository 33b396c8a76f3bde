package org.amrbalance.spi.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThreadCollectivesTest {

  @Test
  void gatherScanReduceAndBroadcast() {
    List<String> out = ThreadCollectives.run(4, c -> {
      List<Integer> all = c.allGather(c.rank() * 10);
      long prefix = c.inclusiveScanSum(c.rank() + 1);
      double max = c.allReduceMax(c.rank());
      String root = c.broadcast("from " + c.rank(), 2);
      return all + " " + prefix + " " + max + " " + root;
    });
    assertThat(out).containsExactly(
        "[0, 10, 20, 30] 1 3.0 from 2",
        "[0, 10, 20, 30] 3 3.0 from 2",
        "[0, 10, 20, 30] 6 3.0 from 2",
        "[0, 10, 20, 30] 10 3.0 from 2");
  }

  @Test
  void allToAllDeliversEachMessageToItsRank() {
    List<List<List<String>>> in = ThreadCollectives.run(3, c -> {
      List<List<String>> outgoing = new ArrayList<>();
      for (int r = 0; r < c.size(); r++) {
        outgoing.add(List.of(c.rank() + "->" + r));
      }
      return c.allToAll(outgoing);
    });
    assertThat(in.get(1)).containsExactly(List.of("0->1"), List.of("1->1"), List.of("2->1"));
  }

  @Test
  void aFailingRankFailsTheRunWithoutHangingTheOthers() {
    assertThatThrownBy(() -> ThreadCollectives.run(3, c -> {
      if (c.rank() == 1) {
        throw new IllegalStateException("rank 1 broke");
      }
      return c.allGather(c.rank());
    })).hasMessage("rank 1 broke");
  }
}
