package org.amrbalance.experiments.reproduce;

import com.google.inject.Guice;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.plot.LinePlot;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.workloads.RandomHierarchies;

/**
 * Processor utilization and communication of {@code grid-packing} (default options; the thesis's packing
 * allocation, alone and with the section 5.4 hop cap of 1) beside the other balancers (grid indivisibility, domain decomposition, shelf packing,
 * knapsack, Hilbert curve) with their default options,
 * on P x P meshes: on seeded random 2-D hierarchies (means over the seeds) and on every 2-D hierarchy file
 * (Chombo layout, AMReX Header) of a data folder. Every number comes from {@link BalanceReport}: efficiency
 * (all levels computing together), level-synchronous efficiency (levels one after another, the thesis's
 * model), intra-grid and inter-grid communication in hops x points, and empty ranks.
 *
 * <p>The data folder defaults to {@code readers/src/test/resources/hierarchies} under the current directory,
 * else under its parent (so the command works from the repository root and from a module folder); the
 * system property {@code amrbalance.data} overrides it. A missing folder is skipped with a line on the
 * progress stream; so is a file that is not a readable 2-D hierarchy.
 */
public final class BalancerComparison implements Reproduction {
  static final List<String> BALANCERS = List.of("grid-packing", "grid-packing allocation=packing",
      "grid-packing allocation=packing hop-cap=1", "grid-indivisibility", "domain-decomposition", "shelf-packing",
      "knapsack", "sfc-hilbert");
  static final Path DEFAULT_DATA = Path.of("readers", "src", "test", "resources", "hierarchies");
  /** Random hierarchies: 64 x 64 base in 4 x 4 root patches, 3 levels of ratio 2, up to 4 children each. */
  static final RandomHierarchies GENERATOR = RandomHierarchies.defaults().dim(2).baseSize(64).rootTiles(4)
      .levels(3).ratio(2).maxChildren(4);
  static final int[] GENERATED_MESH_SIDES = {4, 8, 16};

  private final Path data;
  private final int quickSeeds;
  private final int fullSeeds;
  private final int[] realMeshSidesQuick;
  private final int[] realMeshSidesFull;

  /** Data from {@link #defaultDataFolder()}; 3 seeds in quick mode, 20 otherwise. */
  public BalancerComparison() {
    this(defaultDataFolder());
  }

  public BalancerComparison(Path data) {
    this(data, 3, 20, new int[] {8, 16}, new int[] {8, 16, 32});
  }

  /**
   * @param data folder of hierarchy files
   * @param quickSeeds random hierarchies in quick mode
   * @param fullSeeds random hierarchies otherwise
   * @param realMeshSidesQuick mesh sides P (P x P ranks) for the files in quick mode
   * @param realMeshSidesFull mesh sides for the files otherwise
   */
  public BalancerComparison(Path data, int quickSeeds, int fullSeeds, int[] realMeshSidesQuick,
      int[] realMeshSidesFull) {
    if (quickSeeds < 1) {
      throw new IllegalArgumentException("quickSeeds = " + quickSeeds + ": must be >= 1");
    }
    if (fullSeeds < 1) {
      throw new IllegalArgumentException("fullSeeds = " + fullSeeds + ": must be >= 1");
    }
    this.data = data;
    this.quickSeeds = quickSeeds;
    this.fullSeeds = fullSeeds;
    this.realMeshSidesQuick = checkSides("realMeshSidesQuick", realMeshSidesQuick);
    this.realMeshSidesFull = checkSides("realMeshSidesFull", realMeshSidesFull);
  }

  private static int[] checkSides(String field, int[] sides) {
    for (int s : sides) {
      if (s < 1 || s > 256) {
        throw new IllegalArgumentException(field + " = " + java.util.Arrays.toString(sides)
            + ": every side must be in [1, 256]");
      }
    }
    return sides.clone();
  }

  /**
   * The {@code amrbalance.data} system property if set, else {@code readers/src/test/resources/hierarchies} in the
   * current directory or the nearest of its parents that has it, else beside the launcher jar
   * ({@code experiments/target/amrbalance.jar}: two folders up) or above, else the (missing) one under the current
   * directory: the bundled hierarchies are found from any folder of the checkout and from wherever the jar is run.
   */
  public static Path defaultDataFolder() {
    String property = System.getProperty("amrbalance.data");
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    Path here = Path.of("").toAbsolutePath();
    List<Path> starts = new ArrayList<>(List.of(here));
    try {
      java.security.CodeSource code = BalancerComparison.class.getProtectionDomain().getCodeSource();
      if (code != null) {
        starts.add(Path.of(code.getLocation().toURI()).toAbsolutePath());
      }
    } catch (java.net.URISyntaxException | SecurityException | IllegalArgumentException e) {
      // No location to search from: the working directory alone.
    }
    for (Path start : starts) {
      for (Path dir = start; dir != null; dir = dir.getParent()) {
        if (Files.isDirectory(dir.resolve(DEFAULT_DATA))) {
          return dir.equals(here) ? DEFAULT_DATA : dir.resolve(DEFAULT_DATA);
        }
      }
    }
    return DEFAULT_DATA;
  }

  @Override
  public String name() {
    return "compare-balancers";
  }

  @Override
  public String description() {
    return "grid-packing vs grid-indivisibility, domain-decomposition and others: utilization and communication";
  }

  /** One balancer on one input and mesh; values are means when the input is several generated hierarchies. */
  record Row(String input, int ranks, String balancer, int runs, double efficiency,
      double levelSynchronousEfficiency, double intraGridComm, double interGridComm, double emptyRanks,
      double pieces, double milliseconds) {
  }

  @Override
  public List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException {
    Map<String, LoadBalancer> balancers = new LinkedHashMap<>();
    for (String b : BALANCERS) {
      // A label is a balancer name, optionally followed by option=value words (e.g. the section 5.4 hop cap).
      String[] parts = b.split(" ");
      Map<String, String> options = new LinkedHashMap<>();
      for (int i = 1; i < parts.length; i++) {
        options.put(parts[i].split("=")[0], parts[i].split("=")[1]);
      }
      balancers.put(b, Guice.createInjector(BalancingModules.balancerModule(parts[0], options))
          .getInstance(LoadBalancer.class));
    }
    List<Row> rows = new ArrayList<>();
    int seeds = quick ? quickSeeds : fullSeeds;
    List<Hierarchy> generated = new ArrayList<>();
    for (int s = 0; s < seeds; s++) {
      generated.add(GENERATOR.generate(1000L + s));
    }
    progress.println("compare-balancers: " + seeds + " random 2-D hierarchies (" + describe(generated.get(0))
        + " for the first)");
    rows.addAll(measure("generated", generated, GENERATED_MESH_SIDES, balancers));

    for (Map.Entry<String, Hierarchy> file : realHierarchies(progress).entrySet()) {
      progress.println("compare-balancers: " + file.getKey() + " (" + describe(file.getValue()) + ")");
      rows.addAll(measure(file.getKey(), List.of(file.getValue()), quick ? realMeshSidesQuick : realMeshSidesFull,
          balancers));
    }

    List<Path> files = new ArrayList<>();
    Table csv = Table.withColumns("input", "ranks", "balancer", "runs", "efficiency", "level_sync_efficiency",
        "intra_grid_comm", "inter_grid_comm", "empty_ranks", "pieces", "balance_ms");
    rows.forEach(r -> csv.add(r.input(), r.ranks(), r.balancer(), r.runs(), r.efficiency(),
        r.levelSynchronousEfficiency(), r.intraGridComm(), r.interGridComm(), r.emptyRanks(), r.pieces(),
        r.milliseconds()));
    Path csvFile = out.resolve("compare-balancers.csv");
    csv.writeCsv(csvFile);
    files.add(csvFile);
    Path md = out.resolve("compare-balancers.md");
    Files.writeString(md, markdown(rows, seeds), StandardCharsets.UTF_8);
    files.add(md);
    Path summary = out.resolve("compare-balancers-summary.md");
    Files.writeString(summary, summary(rows, seeds), StandardCharsets.UTF_8);
    files.add(summary);

    List<String> inputs = rows.stream().map(Row::input).distinct().toList();
    for (String input : inputs) {
      List<Row> mine = rows.stream().filter(r -> r.input().equals(input)).toList();
      String label = input.equals("generated") ? seeds + " random 2-D hierarchies" : input;
      files.add(plot(mine, label, "efficiency (avg/max load)", Row::efficiency, out, input, "efficiency"));
      files.add(plot(mine, label, "level-synchronous efficiency", Row::levelSynchronousEfficiency, out, input,
          "level-sync-efficiency"));
      files.add(plot(mine, label, "intra-grid communication (hops x points)", Row::intraGridComm, out, input,
          "intra-grid-comm"));
      files.add(plot(mine, label, "inter-grid communication (hops x points)", Row::interGridComm, out, input,
          "inter-grid-comm"));
    }
    return files;
  }

  /** The readable 2-D hierarchy files of the data folder, by file name, in name order. */
  private Map<String, Hierarchy> realHierarchies(PrintStream progress) throws IOException {
    Map<String, Hierarchy> out = new LinkedHashMap<>();
    if (!Files.isDirectory(data)) {
      progress.println("compare-balancers: no hierarchy folder " + data + "; real hierarchies skipped");
      return out;
    }
    progress.println("compare-balancers: hierarchy files from " + data);
    List<Path> candidates;
    try (Stream<Path> list = Files.list(data)) {
      candidates = list.filter(Files::isRegularFile).sorted().toList();
    }
    for (Path f : candidates) {
      HierarchyFile file;
      try {
        file = HierarchyReaders.read(f);
      } catch (IOException | RuntimeException e) {
        continue; // not a hierarchy this project reads (a README, an AMReX level header, a parameter file)
      }
      if (file.hierarchy().dim() == 2) {
        out.put(f.getFileName().toString(), file.hierarchy());
      }
    }
    if (out.isEmpty()) {
      progress.println("compare-balancers: no 2-D hierarchy file in " + data + "; real hierarchies skipped");
    }
    return out;
  }

  private static String describe(Hierarchy h) {
    StringBuilder s = new StringBuilder();
    for (int l = 0; l < h.levelCount(); l++) {
      s.append(l == 0 ? "" : "/").append(h.level(l).size());
    }
    return h.patches().size() + " patches, " + s + " per level";
  }

  private static List<Row> measure(String input, List<Hierarchy> hierarchies, int[] sides,
      Map<String, LoadBalancer> balancers) {
    List<Row> rows = new ArrayList<>();
    for (int side : sides) {
      Machine machine = Machine.mesh(side, side);
      for (Map.Entry<String, LoadBalancer> b : balancers.entrySet()) {
        double[] sum = new double[7];
        for (Hierarchy h : hierarchies) {
          BalanceProblem problem = BalanceProblem.of(h, machine);
          long start = System.nanoTime();
          Assignment a = b.getValue().balance(problem);
          double ms = (System.nanoTime() - start) * 1e-6;
          BalanceReport r = BalanceReport.of(problem, a);
          double[] v = {r.efficiency(), r.levelSynchronousEfficiency(), r.intraGridCommunication(),
              r.interGridCommunication(), r.emptyRanks(), r.pieces(), ms};
          for (int i = 0; i < v.length; i++) {
            sum[i] += v[i];
          }
        }
        int n = hierarchies.size();
        rows.add(new Row(input, machine.ranks(), b.getKey(), n, sum[0] / n, sum[1] / n, sum[2] / n, sum[3] / n,
            sum[4] / n, sum[5] / n, sum[6] / n));
      }
    }
    return rows;
  }

  private static String markdown(List<Row> rows, int seeds) {
    StringBuilder s = new StringBuilder("# Balancers side by side on P x P meshes\n\n"
        + "Efficiency = avg/max rank load with all levels together; level-sync = levels one after another;"
        + " communication in hops x points (BalanceReport). Generated: means over " + seeds
        + " random hierarchies.\n");
    for (String input : rows.stream().map(Row::input).distinct().toList()) {
      s.append("\n## ").append(input).append("\n\n");
      Table t = Table.withColumns("ranks", "balancer", "efficiency", "level-sync efficiency", "intra-grid comm",
          "inter-grid comm", "empty ranks");
      rows.stream().filter(r -> r.input().equals(input)).forEach(r -> t.add(r.ranks(), r.balancer(),
          String.format(Locale.ROOT, "%.3f", r.efficiency()),
          String.format(Locale.ROOT, "%.3f", r.levelSynchronousEfficiency()),
          String.format(Locale.ROOT, "%.4g", r.intraGridComm()), String.format(Locale.ROOT, "%.4g", r.interGridComm()),
          String.format(Locale.ROOT, "%.1f", r.emptyRanks())));
      s.append(t.toMarkdown());
    }
    return s.toString();
  }

  /**
   * docs/grid-packing-experiments.md's tables: per input, a balancer per row and a rank count per column, each cell
   * efficiency / level-sync efficiency / intra-grid / inter-grid communication.
   */
  static String summary(List<Row> rows, int seeds) {
    StringBuilder s = new StringBuilder();
    for (String input : rows.stream().map(Row::input).distinct().toList()) {
      List<Row> mine = rows.stream().filter(r -> r.input().equals(input)).toList();
      List<Integer> ranks = mine.stream().map(Row::ranks).distinct().toList();
      s.append(s.length() == 0 ? "" : "\n").append(input.equals("generated") ? "Generated (means of " + seeds + "):"
          : "`" + input + "`:").append("\n\n| balancer |");
      ranks.forEach(p -> s.append(' ').append(p).append(" ranks |"));
      s.append("\n|---|").append("---|".repeat(ranks.size())).append('\n');
      for (String b : mine.stream().map(Row::balancer).distinct().toList()) {
        s.append("| ").append(b).append(" |");
        for (int p : ranks) {
          Row r = mine.stream().filter(x -> x.balancer().equals(b) && x.ranks() == p).findFirst().orElseThrow();
          s.append(String.format(Locale.ROOT, " %.2f / %.2f / %s / %s |", r.efficiency(),
              r.levelSynchronousEfficiency(), traffic(r.intraGridComm()), traffic(r.interGridComm())));
        }
        s.append('\n');
      }
    }
    return s.toString();
  }

  /** Hops × points: whole below 10^4, else three digits and a power of ten (1.44e4). */
  static String traffic(double v) {
    if (Math.round(v) < 10_000) {
      return Long.toString(Math.round(v));
    }
    int exponent = (int) Math.floor(Math.log10(v));
    double mantissa = v / Math.pow(10, exponent);
    if (Math.round(mantissa * 100) >= 1000) { // 9.996e4 rounds to 10.00e4
      mantissa /= 10;
      exponent++;
    }
    return String.format(Locale.ROOT, "%.2fe%d", mantissa, exponent);
  }

  private static Path plot(List<Row> rows, String label, String metric, ToDoubleFunction<Row> f, Path out,
      String input, String slug) throws IOException {
    LinePlot p = LinePlot.titled(metric + ": " + label).axes("ranks (P x P mesh)", metric).logX(true);
    for (String b : BALANCERS) {
      List<Row> mine = rows.stream().filter(r -> r.balancer().equals(b)).toList();
      p = p.with(b, mine.stream().mapToDouble(Row::ranks).toArray(), mine.stream().mapToDouble(f).toArray());
    }
    String file = "compare-balancers-" + input.replaceAll("[^A-Za-z0-9]+", "-") + "-" + slug + ".png";
    return ChapterThreeSweeps.write(p, out.resolve(file));
  }
}
