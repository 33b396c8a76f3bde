package org.amrbalance.experiments.advise;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.annotation.Nullable;
import org.amrbalance.balancers.LoadBalancers;
import org.amrbalance.experiments.balance.BalanceCommand;
import org.amrbalance.experiments.balance.CostOptions;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.cli.Values;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import picocli.CommandLine;

/**
 * {@code placement}: the tolerance of the placement between remaps ({@link PlacementReplay}) over a run's series,
 * without remaps: per rank count and tolerance the level-synchronous efficiency the regrids leave and the cells they
 * move. How {@link InheritingPlacement#DEFAULT_TOLERANCE} was chosen, and how a user checks it on their own series.
 */
@CommandLine.Command(name = "placement", sortOptions = false,
    description = "how tightly the placement between remaps should hold each level to its average: efficiency and"
        + " cells moved at the regrids of a series, per rank count and tolerance, no remap")
public final class PlacementCommand implements Command {
  private static final String TOLERANCES = "1,1.05,1.1,1.25,1.5,Infinity";

  @CommandLine.Option(names = "--input", paramLabel = "PATH[,PATH...]",
      description = "a folder holding a series (plotfile folders, Enzo .hierarchy files or Chombo layouts, in name"
          + " order), as the demo's --write-hierarchy writes it; several paths are taken in the order given (required)")
  String input;

  @CommandLine.Option(names = "--format", paramLabel = "F", description = "auto, enzo, chombo or amrex (default auto)")
  String format;

  @CommandLine.Option(names = "--ranks", paramLabel = "P[,P...]", description = "rank counts (default 2,4,8,16)")
  String ranks;

  @CommandLine.Option(names = "--balancer", paramLabel = "NAME",
      description = "the balancer that places the first hierarchy (default knapsack)")
  String balancer;

  @CommandLine.Option(names = "--tolerance", paramLabel = "T[,T...]",
      description = "tolerances, each >= 1 or Infinity (default " + TOLERANCES + ")")
  @Nullable
  String tolerance;

  record Options(List<Path> inputs, String format, List<Integer> ranks, String balancer, List<Double> tolerances) {}

  Options options(Path wd) {
    String name = balancer == null ? "knapsack" : balancer.strip();
    if (!LoadBalancers.names().contains(name)) {
      throw new UsageException("unknown name; known: " + String.join(", ", LoadBalancers.names()),
          "--balancer " + balancer);
    }
    List<Double> tolerances = new ArrayList<>();
    for (String t : (tolerance == null ? TOLERANCES : tolerance).split(",")) {
      tolerances.add(Values.number("--tolerance", t, 1, 1, Double.POSITIVE_INFINITY));
    }
    return new Options(AdviseCommand.inputs(input, wd), Values.choice("--format", format, "auto",
        BalanceCommand.formats()), Values.integers("--ranks", ranks, List.of(2, 4, 8, 16), 1, 1 << 20), name,
        tolerances);
  }

  @Override
  public int run(Invocation call) throws IOException {
    Options o = options(call.workingDirectory());
    List<Hierarchy> series = AdviseCommand.readSeries("placement", o.inputs(), o.format(), CostOptions.defaults(),
        call.err()).stream().map(HierarchyFile::hierarchy).toList();
    LoadBalancer first = LoadBalancers.create(o.balancer(), java.util.Map.of());
    call.out().printf(Locale.ROOT, "%d hierarchies, the first placed by %s, every later one by the placement between"
        + " remaps at each tolerance (default %s), no remap%n%n", series.size(), o.balancer(),
        format(InheritingPlacement.DEFAULT_TOLERANCE));
    Table table = Table.withColumns("ranks", "tolerance", "level-synchronous efficiency",
        "cells moved at the regrids (share)");
    for (int p : o.ranks()) {
      for (double t : o.tolerances()) {
        PlacementReplay.Result r = PlacementReplay.replay(series, first, p, t);
        table.add(p, format(t) + (t == InheritingPlacement.DEFAULT_TOLERANCE ? " (default)" : ""),
            String.format(Locale.ROOT, "%.3f", r.efficiency()), String.format(Locale.ROOT, "%.3f", r.movedShare()));
      }
    }
    call.out().print(table.toMarkdown());
    return 0;
  }

  private static String format(double t) {
    return t == Double.POSITIVE_INFINITY ? "Infinity" : String.format(Locale.ROOT, "%.3g", t);
  }
}
