package org.amrbalance.experiments.balance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Map;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.api.Test;

class HierarchySummaryTest {
  @Test
  void summarisesTheLevelsAndTheCodesOwnBalance() throws Exception {
    HierarchyFile enzo = HierarchyReaders.read(TestFiles.path(TestFiles.ENZO));
    String text = HierarchySummary.summarize(enzo);
    Assignment own = enzo.recordedAssignment().orElseThrow();
    double imbalance =
        BalanceReport.of(BalanceProblem.of(enzo.hierarchy(), Machine.fullyConnected(13)), own).imbalance();
    assertThat(imbalance).isGreaterThan(1);
    assertThat(text).startsWith(TestFiles.ENZO + " (enzo, 3-D): 9 levels, grids per level 1/8/8/8/15/51/18/28/36 (173), "
        + enzo.hierarchy().totalCells() + " cells\n")
        .contains(String.format(Locale.ROOT, "own assignment (all levels) on 13 ranks: imbalance %.3f", imbalance));

    String amrex = HierarchySummary.summarize(HierarchyReaders.read(TestFiles.path(TestFiles.AMREX_HEADER)));
    assertThat(amrex).contains("256/551/1369/866/2057 (5099)").contains("own assignment (level 1) on 254 ranks");
  }

  @Test
  void saysWhenTheFileRecordsNoAssignment() throws Exception {
    HierarchyFile f = HierarchyReaders.read(TestFiles.path(TestFiles.CHOMBO_2D));
    HierarchyFile bare = HierarchyFile.of(f.source(), f.format(), f.hierarchy(), Map.of());
    assertThat(HierarchySummary.summarize(bare)).endsWith("  the file records no assignment\n");
  }
}
