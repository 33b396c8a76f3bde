package org.amrbalance.experiments.reproduce;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.amrbalance.experiments.sweep.ChapterThreeSweep;
import org.amrbalance.experiments.sweep.SweepRow;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;

/**
 * Seed 002 §3.6, Figures 3.3-3.15: the grid-indivisibility heuristic L1 against list scheduling L2 and
 * decreasing fit L3 as t(avg), COMMCOST, processor count, size variance and grids per processor vary.
 */
public final class ChapterThreeSweeps implements Reproduction {
  private final int quickGenerations;

  /** 40 generations in quick mode, the thesis's 200 otherwise. */
  public ChapterThreeSweeps() {
    this(40);
  }

  /** With {@code quickGenerations} generations per point in quick mode. */
  public ChapterThreeSweeps(int quickGenerations) {
    this.quickGenerations = quickGenerations;
  }
  @Override
  public String name() {
    return "seed002-ch3";
  }

  @Override
  public String description() {
    return "seed 002 Figs 3.3-3.15: L1/L2/L3 computation, communication and total cost sweeps";
  }

  @Override
  public List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException {
    ChapterThreeSweep sweep = ChapterThreeSweep.defaults().withGenerations(quick ? quickGenerations : 200);
    List<Path> files = new ArrayList<>();
    Map<String, List<SweepRow>> experiments = new LinkedHashMap<>();
    progress.println("seed002-ch3: E1 (t(avg) x COMMCOST)");
    experiments.put("E1", sweep.e1());
    progress.println("seed002-ch3: E2 (COMMCOST)");
    experiments.put("E2", sweep.e2());
    progress.println("seed002-ch3: E3 (processors)");
    experiments.put("E3", sweep.e3());
    progress.println("seed002-ch3: E4 (size variance)");
    experiments.put("E4", sweep.e4());
    progress.println("seed002-ch3: E5 (grids per processor)");
    experiments.put("E5", sweep.e5());

    Table table = Table.withColumns("experiment", "x_name", "x", "algorithm", "ranks", "commcost", "tavg",
        "computation", "communication", "total", "lower_bound");
    experiments.values().forEach(rows -> rows.forEach(r -> table.add(r.experiment(), r.xName(), r.x(),
        r.algorithm(), r.ranks(), r.commCost(), r.tAvg(), r.computation(), r.communication(), r.total(),
        r.lowerBound())));
    Path csv = out.resolve("seed002-ch3.csv");
    table.writeCsv(csv);
    files.add(csv);

    // E1: one curve per COMMCOST, total against t(avg) (Figure 3.3).
    LinePlot e1 = LinePlot.titled("Seed 002 Fig. 3.3: L1 total cost vs t(avg), N = 64").axes("t(avg)", "total cost");
    Map<Double, List<SweepRow>> byCost = new LinkedHashMap<>();
    experiments.get("E1").forEach(r -> byCost.computeIfAbsent(r.commCost(), k -> new ArrayList<>()).add(r));
    for (Map.Entry<Double, List<SweepRow>> e : byCost.entrySet()) {
      e1 = e1.with("COMMCOST " + e.getKey(), column(e.getValue(), SweepRow::x), column(e.getValue(), SweepRow::total));
    }
    files.add(write(e1, out.resolve("seed002-fig3.3-E1-total.png")));

    String[][] figures = {
        {"E2", "3.4-3.6", "COMMCOST", "N = 128"}, {"E3", "3.7-3.9", "processors N", "COMMCOST 0.2"},
        {"E4", "3.10-3.12", "VAR (sizes 10 +/- VAR)", "N = 128"},
        {"E5", "3.13-3.15", "coarse grids per processor", "N = 128"}};
    for (String[] f : figures) {
      List<SweepRow> rows = experiments.get(f[0]);
      for (String metric : List.of("computation", "communication", "total")) {
        LinePlot p = LinePlot.titled("Seed 002 Figs " + f[1] + ": " + metric + " (" + f[3] + ")").axes(f[2], metric)
            .logX(f[0].equals("E3"));
        for (String algorithm : List.of("L1", "L2", "L3")) {
          List<SweepRow> mine = rows.stream().filter(r -> r.algorithm().equals(algorithm)).toList();
          p = p.with(algorithm, column(mine, SweepRow::x), column(mine, metricOf(metric)));
        }
        if (metric.equals("computation")) {
          List<SweepRow> l1 = rows.stream().filter(r -> r.algorithm().equals("L1")).toList();
          p = p.with("lower bound", column(l1, SweepRow::x), column(l1, SweepRow::lowerBound));
        }
        files.add(write(p, out.resolve("seed002-figs" + f[1] + "-" + f[0] + "-" + metric + ".png")));
      }
    }
    return files;
  }

  private static ToDoubleFunction<SweepRow> metricOf(String metric) {
    return switch (metric) {
      case "computation" -> SweepRow::computation;
      case "communication" -> SweepRow::communication;
      default -> SweepRow::total;
    };
  }

  private static double[] column(List<SweepRow> rows, ToDoubleFunction<SweepRow> f) {
    return rows.stream().mapToDouble(f).toArray();
  }

  static Path write(LinePlot plot, Path file) throws IOException {
    plot.writePng(file, 800, 560);
    return file;
  }
}
