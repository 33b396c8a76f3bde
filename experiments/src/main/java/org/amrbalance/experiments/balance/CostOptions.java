package org.amrbalance.experiments.balance;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nullable;
import org.amrbalance.experiments.cli.Values;
import org.amrbalance.readers.HierarchyFile;

/**
 * The cost options of {@code balance} (and of commands that predict from hierarchies) as given: subcycling, the
 * measured-costs CSV, the per-box overhead; applied to each input through {@link BoxCosts}.
 */
public record CostOptions(boolean subcycling, @Nullable Path costs, double overhead) {
  /** Cells, no overhead, no subcycling. */
  public static CostOptions defaults() {
    return new CostOptions(false, null, 0);
  }

  /** The options from their command-line values (null: default); a bad value is a usage error naming it. */
  public static CostOptions parse(@Nullable String subcycling, @Nullable String costs, @Nullable String overhead,
      Path workingDirectory) {
    boolean sub = Values.choice("--subcycling", subcycling, "off", Set.of("on", "off")).equals("on");
    Path csv = costs == null ? null : Values.readableFile("--costs", costs, workingDirectory);
    double o = Values.number("--box-overhead", overhead, 0, 0, 1e300);
    return new CostOptions(sub, csv, o);
  }

  /** {@code file} with each box's work under these options, its recorded ranks kept. */
  public HierarchyFile apply(HierarchyFile file) throws IOException {
    if (!subcycling && costs == null && overhead == 0) {
      return file;
    }
    Map<Integer, Double> measured = costs == null ? Map.of() : BoxCosts.readCsv(costs, file.hierarchy());
    return HierarchyFile.of(file.source(), file.format(),
        new BoxCosts(subcycling, measured, overhead).apply(file.hierarchy()), file.recordedRanks(), file.notes());
  }
}
