package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.models.ComparisonWorkload;
import org.amrbalance.experiments.models.EqualLoadsModel;
import org.amrbalance.experiments.models.StepTimeNoise;
import org.junit.jupiter.api.Test;

/** The comparison's rows: every policy once, the references last. */
class TriggerComparisonIT {
  @Test
  void everyPolicyIsListedOnceWithTheReferencesLast() {
    List<TriggerComparison.Cell> cells = TriggerComparison.compare(ComparisonWorkload.MUM, StepTimeNoise.none(), 2, 5);
    List<String> names = cells.stream().map(TriggerComparison.Cell::policy).toList();
    assertThat(names).doesNotHaveDuplicates();
    assertThat(names.get(names.size() - 1)).isEqualTo("never");
    assertThat(names.get(names.size() - 2)).startsWith("best-fixed(");
    assertThat(names.get(names.size() - 3)).isEqualTo(TriggerComparison.KNOWN_LOADS);
    // Every registered trigger but never, which is the last reference row.
    assertThat(names.subList(0, names.size() - 3)).containsExactlyElementsOf(BalancingModules.triggerNames().stream()
        .filter(n -> !n.equals("never")).toList());
  }

  @Test
  void theHeldOutTableHasOneRowPerRowWithItsVerdict() {
    List<TriggerComparison.Row> rows = List.of(
        new TriggerComparison.Row(ComparisonWorkload.MUM, StepTimeNoise.none(), 17),
        new TriggerComparison.Row(EqualLoadsModel.of(4, 30, 5), StepTimeNoise.multiplicative(0.2), 3017));
    TriggerComparison.HeldOutTables t = TriggerComparison.heldOutTables(rows, 3, new PrintStream(
        new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    List<String> md = t.markdown().lines().toList();
    assertThat(md.get(0)).startsWith("3 held-out replicates per row, seeds 100,000 above the row's own");
    List<String> table = md.subList(4, md.size());
    assertThat(table).hasSize(2);
    assertThat(table.get(0)).startsWith("| mum | none | ");
    assertThat(table.get(1)).startsWith("| equal-loads | sigma=0.2 | ");
    String diff = "[+-]\\d\\.\\d{4} \\[[+-]\\d\\.\\d{4}, [+-]\\d\\.\\d{4}\\]";
    String format = "\\| .+ \\| .+ \\| " + diff + " \\(\\d+\\) \\| " + diff + " \\| " + diff + " \\| " + diff
        + " \\((never|best fixed)\\) \\| \\d+\\.\\d / \\d+\\.\\d / \\d+\\.\\d \\| (holds|below) \\| " + diff + " \\| " + diff
        + " \\| \\d+\\.\\d, (holds|below) \\|";
    assertThat(table).allMatch(r -> r.matches(format), "row format");
    assertThat(t.csv().rows()).hasSize(2);
    assertThat(t.csv().rows().get(1).get(3)).isEqualTo(3017L + TriggerComparison.HELD_OUT_SEEDS);
    // Equal loads: nothing to remove, so the reference is never (every remap is a loss).
    assertThat(t.csv().rows().get(1).get(15)).isEqualTo("never");
    // The trigger started from an earlier run's model has its own columns, last.
    assertThat(t.csv().header()).endsWith("carried_vs_best_fixed", "carried_vs_best_fixed_low",
        "carried_vs_best_fixed_high", "carried_vs_stop_at_rise", "remaps_carried", "carried_verdict");
    assertThat(t.csv().rows().get(1).get(27)).isEqualTo(0.0); // equal loads: carried or not, nothing to remap
  }

  @Test
  void heldOutSeedsAreDisjointFromEveryRowsOwnSeeds() {
    List<TriggerComparison.Row> rows = new java.util.ArrayList<>(TriggerComparison.tuningRows());
    rows.addAll(TriggerComparison.newRows(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
    // 15 tuning rows, 9 of the new noises, regime switch, hot spot, equal loads and the two demo traces.
    assertThat(rows).hasSize(15 + 9 + 3 + 2);
    java.util.Set<Long> own = new java.util.HashSet<>();
    java.util.Set<Long> heldOut = new java.util.HashSet<>();
    for (TriggerComparison.Row row : rows) {
      for (long r = 0; r < 20; r++) {
        own.add(row.seed() + r);
      }
      for (long r = 0; r < TriggerComparison.MAX_HELD_OUT; r++) {
        heldOut.add(row.heldOutSeed() + r);
      }
    }
    assertThat(own).doesNotContainAnyElementsOf(heldOut);
    // The new rows share no seed with the tuning rows.
    assertThat(rows.subList(15, rows.size())).allMatch(r -> r.seed() >= TriggerComparison.NEW_ROW_SEEDS);
  }

  @Test
  void replicatesGiveTheSameCellsOnOneThreadAsOnMany() throws Exception {
    ComparisonWorkload w = ComparisonWorkload.RANDOM_WALK;
    StepTimeNoise noise = StepTimeNoise.multiplicative(0.1);
    List<TriggerComparison.Cell> parallel = TriggerComparison.compare(w, noise, 4, 9);
    java.util.concurrent.ForkJoinPool one = new java.util.concurrent.ForkJoinPool(1);
    try {
      List<TriggerComparison.Cell> serial = one.submit(() -> TriggerComparison.compare(w, noise, 4, 9)).get();
      for (int i = 0; i < serial.size(); i++) {
        assertThat(parallel.get(i).policy()).isEqualTo(serial.get(i).policy());
        assertThat(parallel.get(i).utilization()).containsExactly(serial.get(i).utilization());
        assertThat(parallel.get(i).remaps()).containsExactly(serial.get(i).remaps());
      }
    } finally {
      one.shutdown();
    }
  }
}
