package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.junit.jupiter.api.Test;

/** The parallel form reproduces every table of the worked example (seed 002 §3.5.2, spec §11). */
class ParallelWorkedExampleTest {
  private static final HalvingPlan PLAN = HalvingPlan.of(WorkedExample.MACHINE);

  private record RankRun(ParallelRecursiveHalving.Trace trace, SortedMap<Integer, Integer> placement) {}

  private static List<RankRun> runAll() {
    return ThreadCollectives.run(4, c -> {
      List<GridToken> mine = new ArrayList<>();
      for (GridToken t : WorkedExample.tokens()) {
        if (t.origin() == c.rank()) {
          mine.add(t);
        }
      }
      ParallelRecursiveHalving.Trace trace = new ParallelRecursiveHalving.Trace();
      SortedMap<Integer, Integer> placement = new ParallelRecursiveHalving(0).run(c, mine, PLAN, trace);
      return new RankRun(trace, placement);
    });
  }

  /** ⟨Q, t, M, f⟩ as printed, with Q the segment after {@code cuts} cuts in {@code cuts} bits. */
  private static String show(Packet p, int cuts) {
    return "<" + bits(PLAN.segment(cuts, p.at()), cuts) + "," + p.budget() + "," + p.size() + ","
        + bits(p.origin(), 2) + ">";
  }

  private static String bits(int value, int width) {
    StringBuilder s = new StringBuilder(Integer.toBinaryString(value));
    while (s.length() < width) {
      s.insert(0, '0');
    }
    return s.toString();
  }

  private static List<String> table(List<RankRun> runs, java.util.function.Function<RankRun, List<Packet>> column,
      int cuts) {
    List<String> rows = new ArrayList<>();
    for (RankRun r : runs) {
      rows.add(String.join(" ", column.apply(r).stream().map(p -> show(p, cuts)).toList()));
    }
    return rows;
  }

  @Test
  void tokenDistributionDealsThePacketsAsPrinted() {
    List<RankRun> runs = runAll();
    assertThat(table(runs, r -> r.trace().distributed(), 1)).containsExactly(
        "<0,2,1,00> <1,3,2,11>",
        "<1,0,4,10> <0,0,1,00>",
        "<1,2,3,11> <1,2,3,11>",
        "<0,3,2,00> <1,0,3,11>");
  }

  @Test
  void iterationZeroSortsScansAndMarksAsPrinted() {
    List<RankRun> runs = runAll();
    assertThat(table(runs, r -> r.trace().sorted(0), 1)).containsExactly(
        "<0,3,2,00> <0,2,1,00>",
        "<0,0,1,00> <1,3,2,11>",
        "<1,2,3,11> <1,2,3,11>",
        "<1,0,3,11> <1,0,4,10>");
    assertThat(runs.get(0).trace().segmentLoads(0)).isEqualTo(Map.of(0, 4L, 1, 15L));
    // Prefix sums within Q = 1: class t = 3: (2); class t = 2: (3), (6); the t = 0 packets cannot move.
    assertThat(runs.get(1).trace().prefix(0)).containsExactly(null, 2L);
    assertThat(runs.get(2).trace().prefix(0)).containsExactly(3L, 6L);
    assertThat(runs.get(3).trace().prefix(0)).containsExactly(null, null);
    List<Boolean> marks = new ArrayList<>();
    runs.forEach(r -> marks.addAll(r.trace().marked(0)));
    assertThat(marks).containsExactly(false, false, false, true, true, false, false, false);
    // Update: the marked packets cross to P1 with one hop less; Q gains the next bit of the position.
    assertThat(table(runs, r -> r.trace().updated(0), 2)).containsExactly(
        "<00,3,2,00> <00,2,1,00>",
        "<00,0,1,00> <01,2,2,11>",
        "<01,1,3,11> <11,2,3,11>",
        "<11,0,3,11> <10,0,4,10>");
  }

  @Test
  void iterationOneMarksNothingAndTheResultIsTheSequentialOne() {
    List<RankRun> runs = runAll();
    assertThat(table(runs, r -> r.trace().sorted(1), 2)).containsExactly(
        "<00,3,2,00> <00,2,1,00>",
        "<00,0,1,00> <01,2,2,11>",
        "<01,1,3,11> <10,0,4,10>",
        "<11,2,3,11> <11,0,3,11>");
    assertThat(runs.get(2).trace().segmentLoads(1)).isEqualTo(Map.of(0, 4L, 1, 5L, 2, 4L, 3, 6L));
    runs.forEach(r -> assertThat(r.trace().marked(1)).containsOnly(false));

    int[] sequential = RecursiveHalvingScheduler.of(0, PartnerRule.TRANSLATE).schedule(WorkedExample.tokens(),
        WorkedExample.MACHINE);
    for (RankRun r : runs) {
      assertThat(r.placement().values().stream().mapToInt(Integer::intValue).toArray()).containsExactly(sequential);
    }
    int[] rank = runs.get(0).placement().values().stream().mapToInt(Integer::intValue).toArray();
    assertThat(WorkedExample.loads(WorkedExample.tokens(), rank, 4)).containsExactly(4, 5, 4, 6);
    assertThat(Arrays.stream(rank).boxed().toList()).containsExactly(0, 0, 0, 2, 1, 1, 3, 3);
  }

  @Test
  void concurrentAndGatheringFormsGiveTheSamePlacement() {
    for (DistributedScheduler form : List.of(new ConcurrentRecursiveHalving(0), new GatheringRecursiveHalving(0))) {
      List<SortedMap<Integer, Integer>> out = ThreadCollectives.run(4, c -> form.run(c,
          WorkedExample.tokens().stream().filter(t -> t.origin() == c.rank()).toList(), PLAN));
      out.forEach(p -> assertThat(p.values()).containsExactly(0, 0, 0, 2, 1, 1, 3, 3));
    }
  }
}
