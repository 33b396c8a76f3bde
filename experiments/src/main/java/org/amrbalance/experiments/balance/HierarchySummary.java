package org.amrbalance.experiments.balance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;

/**
 * Prints, for each hierarchy file named on the command line, its levels, grids per level and cells, and how well
 * the writing code's own assignment balances the cells, as {@link BalanceReport} measures it.
 */
public final class HierarchySummary {
  private HierarchySummary() {}

  public static void main(String... args) throws IOException {
    PrintStream out = System.out;
    if (args.length == 0) {
      out.println("usage: HierarchySummary FILE...   (Enzo .hierarchy, Chombo layout, AMReX Header)");
      return;
    }
    for (String arg : args) {
      out.print(summarize(HierarchyReaders.read(Path.of(arg))));
    }
  }

  /** The summary of one file, ending with a newline. */
  static String summarize(HierarchyFile file) {
    Hierarchy h = file.hierarchy();
    StringBuilder s = new StringBuilder();
    StringBuilder perLevel = new StringBuilder();
    for (int l = 0; l < h.levelCount(); l++) {
      perLevel.append(l == 0 ? "" : "/").append(h.level(l).size());
    }
    Path name = Path.of(file.source()).getFileName();
    s.append(name == null ? file.source() : name.toString()).append(" (").append(file.format().configName())
        .append(", ").append(h.dim()).append("-D): ").append(h.levelCount()).append(" levels, grids per level ")
        .append(perLevel).append(" (").append(h.patchCount()).append("), ").append(h.totalCells())
        .append(" cells\n");
    Optional<Assignment> own = file.recordedAssignment();
    String scope = "all levels";
    if (own.isEmpty()) {
      List<Integer> levels = file.recordedLevels();
      if (!levels.isEmpty()) {
        own = file.recordedLevelAssignment(levels.get(0));
        scope = "level " + levels.get(0);
      }
    }
    if (own.isEmpty()) {
      s.append("  the file records no assignment\n");
      return s.toString();
    }
    Assignment a = own.get();
    BalanceReport r = BalanceReport.of(BalanceProblem.of(a.hierarchy(), Machine.fullyConnected(a.ranks())), a);
    s.append(String.format(Locale.ROOT,
        "  own assignment (%s) on %d ranks: imbalance %.3f (max/avg load), efficiency %.3f, empty ranks %d%n",
        scope, a.ranks(), r.imbalance(), r.efficiency(), r.emptyRanks()));
    return s.toString();
  }
}
