package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

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
}
