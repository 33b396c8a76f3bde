package org.amrbalance.experiments.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.amrbalance.experiments.plot.Table;
import org.junit.jupiter.api.Test;

class ChapterThreeSweepIT {
  private static final ChapterThreeSweep SHORT = ChapterThreeSweep.defaults().withGenerations(4);

  @Test
  void workloadHasOneChildPerCoarseGridOnAverageWithSizesInRange() {
    ThesisWorkload w = ThesisWorkload.of(16, 5, 4, 16);
    Random rnd = new Random(3);
    long children = 0;
    int generations = 400;
    for (int g = 0; g < generations; g++) {
      for (ThesisWorkload.Child c : w.generation(rnd)) {
        children++;
        assertThat(c.size()).isBetween(4, 16);
        assertThat(w.processorOf(c.coarseGrid())).isBetween(0, 15);
      }
    }
    assertThat((double) children / (generations * w.coarseGrids())).isBetween(0.95, 1.05);
    assertThat(w.meanSize()).isEqualTo(10.0);
    assertThatThrownBy(() -> ThesisWorkload.of(4, 5, 8, 6)).hasMessageContaining("maxSize = 6");
  }

  @Test
  void everySweepGivesItsPointsWithCostsAboveTheLowerBound() {
    List<SweepRow> e3 = ChapterThreeSweep.defaults().withGenerations(1).e3();
    assertThat(e3).hasSize(12);
    for (SweepRow r : e3) {
      assertThat(r.computation()).isGreaterThanOrEqualTo(r.lowerBound() * (1 - 1e-9));
      assertThat(r.total()).isEqualTo(r.computation() + r.communication());
    }
    Table t = SweepRow.table(e3);
    assertThat(t.rows()).hasSize(12);
    assertThat(t.column("total")).containsExactly(e3.stream().mapToDouble(SweepRow::total).toArray());
    // The same generations for every algorithm of a point: the lower bound agrees.
    assertThat(e3.get(0).lowerBound()).isEqualTo(e3.get(1).lowerBound()).isEqualTo(e3.get(2).lowerBound());
  }

  @Test
  void decreasingFitIgnoresCommunicationAndEveryoneIsPoorWithOneGridPerProcessor() {
    SweepRow l1 = SHORT.point("t", "x", 0, ChapterThreeSweep.Algorithm.L1, 64, 0.2, 2, 4, 16, 5);
    SweepRow l3 = SHORT.point("t", "x", 0, ChapterThreeSweep.Algorithm.L3, 64, 0.2, 2, 4, 16, 5);
    assertThat(l3.communication()).isGreaterThan(2 * l1.communication());
    for (ChapterThreeSweep.Algorithm a : ChapterThreeSweep.Algorithm.values()) {
      SweepRow few = SHORT.point("t", "x", 1, a, 64, 0.2, 2, 4, 16, 1);
      SweepRow many = SHORT.point("t", "x", 7, a, 64, 0.2, 2, 4, 16, 7);
      assertThat(few.computation() / few.lowerBound()).isGreaterThan(many.computation() / many.lowerBound());
    }
  }
}
