package org.amrbalance.experiments.reproduce;

import com.google.inject.Guice;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.annotation.Nullable;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.balance.MachineSpec;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyFormatException;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;

/**
 * Two comparisons on each real hierarchy (Enzo, Chombo, AMReX files), measured by {@link BalanceReport}, every
 * balancer with default options:
 *
 * <ul>
 *   <li>the domain-decomposition issue's benchmark: the time to decompose on 16 to 4,096 ranks, and the imbalance
 *       and communication obtained, beside the grid-indivisibility heuristic and the Hilbert space-filling curve,
 *       on the squarest 2-D meshes (the chapter 4 setting); the decomposition is the papers', on the level-0
 *       lattice ({@code cut-level=0}), as the benchmark was defined;
 *   <li>quality: on 16, 64 and 1,024 fully connected ranks, every balancer's level-synchronous efficiency against
 *       its communication (intra + inter grid, points x hops), one plot per file and rank count, with the
 *       cut-to-cells bound drawn: the level-synchronous efficiency of a balancer that may cut every level down
 *       to single cells, Σ_l W_l / P over Σ_l max(W_l / P, the heaviest cell of level l), with W_l / P rounded up
 *       to whole cells where every cell of the level weighs one.
 * </ul>
 */
public final class RealHierarchies implements Reproduction {
  /** Where the hierarchies are kept, relative to the project root. */
  public static final Path DEFAULT_DATA = Path.of("readers", "src", "test", "resources", "hierarchies");
  static final List<String> BALANCERS = List.of("domain-decomposition", "grid-indivisibility", "sfc-hilbert");
  static final List<Integer> RANKS = List.of(16, 64, 256, 1024, 4096);
  static final List<Integer> QUALITY_RANKS = List.of(16, 64, 1024);
  private static final int REPEATS = 5;

  @Nullable private final Path data;
  private final List<Integer> ranks;

  /** The default folder, looked up from the current directory or its parent, and 16 to 4,096 ranks. */
  public RealHierarchies() {
    this(null, RANKS);
  }

  /**
   * @param data folder of hierarchy files, or null for the default
   * @param ranks rank counts, each with a mesh the balancers accept
   */
  public RealHierarchies(@Nullable Path data, List<Integer> ranks) {
    if (ranks.isEmpty()) {
      throw new IllegalArgumentException("ranks = []: give at least one rank count");
    }
    this.data = data;
    this.ranks = List.copyOf(ranks);
  }

  @Override
  public String name() {
    return "real-hierarchies";
  }

  @Override
  public String description() {
    return "time, imbalance and communication on real Enzo/Chombo/AMReX hierarchies, 16-4096 ranks; every"
        + " balancer's efficiency against communication with the cut-to-cells bound";
  }

  @Override
  public List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException {
    Path dir = data != null ? data : defaultData();
    if (!Files.isDirectory(dir)) {
      progress.println("real-hierarchies: no hierarchy folder " + dir + ", skipped");
      return List.of();
    }
    List<HierarchyFile> files = readAll(dir);
    if (files.isEmpty()) {
      progress.println("real-hierarchies: no readable hierarchy in " + dir + ", skipped");
      return List.of();
    }
    // Quick mode times one call after one warm-up; otherwise the median of five.
    int repeats = quick ? 1 : REPEATS;
    Table table = Table.withColumns("file", "format", "grids", "balancer", "ranks", "topology", "time_ms",
        "imbalance", "efficiency", "pieces", "intra_grid_comm", "inter_grid_comm", "total_comm");
    List<Path> written = new ArrayList<>();
    StringBuilder scaling = new StringBuilder();
    for (HierarchyFile f : files) {
      String name = Path.of(f.source()).getFileName().toString();
      double[][][] cells = new double[BALANCERS.size()][][]; // [balancer][rank index] = {imbalance, comm, ms}
      progress.printf("real-hierarchies: %s (%d grids)%n", name, f.hierarchy().patchCount());
      LinePlot time = plot(name, "time to balance (ms)").logY(true);
      LinePlot imbalance = plot(name, "imbalance (max/avg load)");
      LinePlot communication = plot(name, "communication, intra + inter grid (hops x points)").logY(true);
      for (String balancer : BALANCERS) {
        Map<String, String> options = balancer.equals("domain-decomposition") ? Map.of("cut-level", "0") : Map.of();
        LoadBalancer lb = Guice.createInjector(BalancingModules.balancerModule(balancer, options))
            .getInstance(LoadBalancer.class);
        double[] x = new double[ranks.size()];
        double[] ms = new double[ranks.size()];
        double[] imb = new double[ranks.size()];
        double[] comm = new double[ranks.size()];
        for (int i = 0; i < ranks.size(); i++) {
          Machine machine = MachineSpec.parse("mesh", ranks.get(i));
          BalanceProblem problem = BalanceProblem.of(f.hierarchy(), machine);
          Assignment a = lb.balance(problem); // warm-up, and the assignment measured below
          double[] times = new double[repeats];
          for (int r = 0; r < repeats; r++) {
            long start = System.nanoTime();
            lb.balance(problem);
            times[r] = (System.nanoTime() - start) * 1e-6;
          }
          Arrays.sort(times);
          BalanceReport report = BalanceReport.of(problem, a);
          x[i] = ranks.get(i);
          ms[i] = times[repeats / 2];
          imb[i] = report.imbalance();
          comm[i] = report.intraGridCommunication() + report.interGridCommunication();
          table.add(name, f.format().toString().toLowerCase(Locale.ROOT), f.hierarchy().patchCount(), balancer,
              ranks.get(i), machine.topology().toString(), ms[i], imb[i], report.efficiency(), report.pieces(),
              report.intraGridCommunication(), report.interGridCommunication(), comm[i]);
        }
        cells[BALANCERS.indexOf(balancer)] = new double[][] {imb, comm, ms};
        time = time.with(balancer, x, ms);
        imbalance = imbalance.with(balancer, x, imb);
        communication = communication.with(balancer, x, comm);
      }
      scaling.append(scalingTable(name, f.hierarchy().patchCount(), cells));
      String stem = "real-hierarchies-" + name.replaceAll("[^A-Za-z0-9]+", "-");
      written.add(ChapterThreeSweeps.write(time, out.resolve(stem + "-time.png")));
      written.add(ChapterThreeSweeps.write(imbalance, out.resolve(stem + "-imbalance.png")));
      written.add(ChapterThreeSweeps.write(communication, out.resolve(stem + "-communication.png")));
    }
    Path csv = out.resolve("real-hierarchies.csv");
    table.writeCsv(csv);
    written.add(0, csv);
    Path scalingFile = out.resolve("real-hierarchies-scaling.md");
    Files.writeString(scalingFile, scaling.toString(), java.nio.charset.StandardCharsets.UTF_8);
    written.add(1, scalingFile);
    written.addAll(quality(files, out, progress));
    written.add(options(files, out));
    return written;
  }

  /** The quality comparison: see the class comment. */
  private List<Path> quality(List<HierarchyFile> files, Path out, PrintStream progress) throws IOException {
    Table table = Table.withColumns("file", "ranks", "balancer", "efficiency", "level_sync_efficiency",
        "intra_grid_comm", "inter_grid_comm", "total_comm", "pieces", "empty_ranks", "cut_to_cells_bound");
    List<Path> written = new ArrayList<>();
    List<Integer> counts = ranks.equals(RANKS) ? QUALITY_RANKS : ranks;
    for (HierarchyFile f : files) {
      String name = Path.of(f.source()).getFileName().toString();
      progress.printf("real-hierarchies: quality of every balancer on %s%n", name);
      for (int p : counts) {
        double bound = cutToCellsBound(f.hierarchy(), p);
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        List<String> names = new ArrayList<>();
        List<double[]> points = new ArrayList<>();
        for (String balancer : BalancingModules.balancerNames()) {
          LoadBalancer lb = Guice.createInjector(BalancingModules.balancerModule(balancer, Map.of()))
              .getInstance(LoadBalancer.class);
          BalanceProblem problem = BalanceProblem.of(f.hierarchy(), Machine.fullyConnected(p));
          BalanceReport r = BalanceReport.of(problem, lb.balance(problem));
          double comm = r.intraGridCommunication() + r.interGridCommunication();
          // A balancer without communication sits at the plot's left edge (log axis).
          double x = Math.max(comm, 1);
          lo = Math.min(lo, x);
          hi = Math.max(hi, x);
          names.add(balancer);
          points.add(new double[] {x, r.levelSynchronousEfficiency()});
          table.add(name, p, balancer, r.efficiency(), r.levelSynchronousEfficiency(), r.intraGridCommunication(),
              r.interGridCommunication(), comm, r.pieces(), r.emptyRanks(), bound);
        }
        // The bound first, so that it keeps the first colour whatever the balancers.
        LinePlot plot = LinePlot.titled(name + ", " + p + " ranks")
            .axes("communication, intra + inter grid (points x hops)", "level-synchronous efficiency").logX(true)
            .with("cut-to-cells bound", new double[] {lo, hi}, new double[] {bound, bound});
        for (int i = 0; i < names.size(); i++) {
          plot = plot.with(names.get(i), new double[] {points.get(i)[0]}, new double[] {points.get(i)[1]});
        }
        String stem = "real-hierarchies-" + name.replaceAll("[^A-Za-z0-9]+", "-") + "-" + p + "-quality";
        written.add(ChapterThreeSweeps.write(plot, out.resolve(stem + ".png")));
      }
    }
    Path csv = out.resolve("real-hierarchies-quality.csv");
    table.writeCsv(csv);
    written.add(0, csv);
    Path md = out.resolve("real-hierarchies-quality.md");
    Files.writeString(md, qualityMarkdown(table, r -> String.format(Locale.ROOT, "%.3f / %.2e", (Double) r.get(4),
        (Double) r.get(7))));
    written.add(1, md);
    Path efficiency = out.resolve("real-hierarchies-efficiency.md");
    Files.writeString(efficiency, qualityMarkdown(table, r -> String.format(Locale.ROOT, "%.3f / %.3f",
        (Double) r.get(3), (Double) r.get(4))));
    written.add(2, efficiency);
    return written;
  }

  /** The partitioners with their default options beside the options that bring back the old defaults. */
  static final List<String[]> VARIANTS = List.of(new String[] {"grid-packing", ""},
      new String[] {"grid-packing", "min-piece-edge=8"}, new String[] {"grid-packing", "allocation=packing"},
      new String[] {"domain-decomposition", ""}, new String[] {"domain-decomposition", "cut-level=0"},
      new String[] {"scatter", ""}, new String[] {"scatter", "lattice-from-hierarchy=false"});

  /**
   * Level-synchronous efficiency / communication of each of {@link #VARIANTS} (a column each) on every file and rank
   * count, as Markdown.
   */
  private Path options(List<HierarchyFile> files, Path out) throws IOException {
    List<String> header = new ArrayList<>(List.of("file", "ranks"));
    for (String[] v : VARIANTS) {
      header.add(v[1].isEmpty() ? v[0] : v[1]);
    }
    Table t = Table.withColumns(header.toArray(new String[0]));
    List<Integer> counts = ranks.equals(RANKS) ? QUALITY_RANKS : ranks;
    for (HierarchyFile f : files) {
      for (int p : counts) {
        List<Object> row = new ArrayList<>(List.of(Path.of(f.source()).getFileName().toString(), p));
        for (String[] v : VARIANTS) {
          Map<String, String> o = v[1].isEmpty() ? Map.of() : Map.of(v[1].split("=")[0], v[1].split("=")[1]);
          LoadBalancer lb = Guice.createInjector(BalancingModules.balancerModule(v[0], o))
              .getInstance(LoadBalancer.class);
          BalanceProblem problem = BalanceProblem.of(f.hierarchy(), Machine.fullyConnected(p));
          BalanceReport r = BalanceReport.of(problem, lb.balance(problem));
          row.add(String.format(Locale.ROOT, "%.3f / %.2e", r.levelSynchronousEfficiency(),
              r.intraGridCommunication() + r.interGridCommunication()));
        }
        t.add(row.toArray());
      }
    }
    Path md = out.resolve("real-hierarchies-options.md");
    Files.writeString(md, t.toMarkdown());
    return md;
  }

  /**
   * One row per file and rank count, one column per balancer (the cell of a quality row: level-synchronous efficiency
   * / communication in docs/real-hierarchies.md, total / level-synchronous efficiency in docs/grid-indivisibility.md),
   * beside the cut-to-cells bound.
   */
  static String qualityMarkdown(Table quality, java.util.function.Function<List<Object>, String> cell) {
    List<String> balancers = new ArrayList<>(BalancingModules.balancerNames());
    List<String> header = new ArrayList<>(List.of("file", "ranks", "bound"));
    header.addAll(balancers);
    Table t = Table.withColumns(header.toArray(new String[0]));
    Map<String, List<Object>> rows = new java.util.LinkedHashMap<>();
    for (List<Object> r : quality.rows()) {
      String key = r.get(0) + "\t" + r.get(1);
      List<Object> row = rows.computeIfAbsent(key, k -> {
        List<Object> fresh = new ArrayList<>(java.util.Collections.nCopies(header.size(), (Object) "-"));
        fresh.set(0, r.get(0));
        fresh.set(1, r.get(1));
        fresh.set(2, String.format(java.util.Locale.ROOT, "%.3f", (Double) r.get(10)));
        return fresh;
      });
      row.set(3 + balancers.indexOf((String) r.get(2)), cell.apply(r));
    }
    for (List<Object> row : rows.values()) {
      t.add(row.toArray());
    }
    return t.toMarkdown();
  }

  /** The cut-to-cells bound of the class comment. */
  static double cutToCellsBound(Hierarchy h, int ranks) {
    double avg = 0;
    double max = 0;
    for (int l = 0; l < h.levelCount(); l++) {
      double work = 0;
      double heaviest = 0;
      boolean unit = true;
      for (Patch p : h.level(l)) {
        work += p.work();
        heaviest = Math.max(heaviest, p.workDensity());
        unit &= p.workDensity() == 1;
      }
      double share = work / ranks;
      avg += share;
      max += Math.max(unit ? Math.ceil(share) : share, heaviest);
    }
    return max > 0 ? avg / max : 1;
  }

  private static LinePlot plot(String file, String metric) {
    return LinePlot.titled(file + ": " + metric).axes("ranks (square 2-D mesh)", metric).logX(true);
  }

  /** The bundled hierarchies, found as {@link BalancerComparison#defaultDataFolder} says. */
  public static Path defaultData() {
    return BalancerComparison.defaultDataFolder();
  }

  /** Every file of {@code dir} whose format is recognised, in name order; others (parameters, notes) are left. */
  public static List<Path> hierarchyFiles(Path dir) throws IOException {
    List<Path> paths;
    try (Stream<Path> s = Files.list(dir)) {
      paths = s.filter(Files::isRegularFile).sorted().toList();
    }
    List<Path> out = new ArrayList<>();
    for (Path p : paths) {
      try {
        HierarchyReaders.detect(p);
      } catch (HierarchyFormatException e) {
        continue;
      }
      out.add(p);
    }
    return out;
  }

  static List<HierarchyFile> readAll(Path dir) throws IOException {
    List<HierarchyFile> out = new ArrayList<>();
    for (Path p : hierarchyFiles(dir)) {
      out.add(HierarchyReaders.read(p));
    }
    return out;
  }

  /** docs/benchmarks.md's table of one file: per rank count, each balancer's imbalance, communication and time. */
  private String scalingTable(String name, int grids, double[][][] cells) {
    List<String> labels = List.of("DD", "GI", "SFC"); // BALANCERS' order
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "#### `%s` (%d grids)\n\n| ranks |", name, grids));
    for (String metric : List.of("imbalance", "comm.", "ms")) {
      labels.forEach(l -> s.append(' ').append(metric).append(' ').append(l).append(" |"));
    }
    s.append("\n|---|").append("---|".repeat(3 * labels.size())).append('\n');
    for (int i = 0; i < ranks.size(); i++) {
      s.append("| ").append(ranks.get(i)).append(" |");
      for (int metric = 0; metric < 3; metric++) {
        for (double[][] b : cells) {
          s.append(' ').append(threeDigits(b[metric][i])).append(" |");
        }
      }
      s.append('\n');
    }
    return s.append('\n').toString();
  }

  /** Three significant digits without trailing zeros: 1.1, 2, 0.147, 1.68e+04. */
  static String threeDigits(double v) {
    String g = String.format(Locale.ROOT, "%.3g", v);
    int e = g.indexOf('e');
    String mantissa = e < 0 ? g : g.substring(0, e);
    if (mantissa.contains(".")) {
      mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
    return e < 0 ? mantissa : mantissa + g.substring(e);
  }
}
