package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.models.ComparisonWorkload;
import org.amrbalance.experiments.models.StepTimeNoise;
import org.junit.jupiter.api.Test;

/** The comparison's rows: every policy once, the references last. */
class TriggerComparisonTest {
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
  void theOtherSeedsTableHasTheNoisyLdAndRandomWalkRows() {
    String md = TriggerComparison.otherSeeds(2, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8));
    List<String> rows = md.lines().skip(2).toList();
    assertThat(rows).hasSize(6);
    assertThat(rows.get(0)).startsWith("| ld | sigma=0.05 | ");
    assertThat(rows.get(5)).startsWith("| random-walk | sigma=0.2 | ");
    // Each row: a paired difference with its interval, then the remaps and the best interval.
    assertThat(rows).allMatch(r -> r.matches("\\| .+ \\| .+ \\| [+-]\\d\\.\\d{4} \\[[+-]\\d\\.\\d{4}, [+-]\\d\\.\\d{4}\\]"
        + " \\| \\d+\\.\\d / \\d+\\.\\d \\(m = \\d+\\) \\|"));
  }
}
