package org.amrbalance.experiments.balance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.Nullable;
import org.amrbalance.balancers.LoadBalancers;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.cli.Values;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyFormat;
import org.amrbalance.readers.HierarchyFormatException;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import picocli.CommandLine;

/**
 * {@code balance --input FILE --balancer NAME --ranks P}: reads a hierarchy (Enzo, Chombo, AMReX), balances it
 * and prints the {@link BalanceReport}; with {@code --balancer all} and several ranks, a table of every balancer,
 * beside the assignment the writing code recorded in the file.
 */
@CommandLine.Command(name = "balance", sortOptions = false,
    description = "balance a hierarchy file (Enzo, Chombo, AMReX) and print the report")
public final class BalanceCommand implements Command {
  @CommandLine.Option(names = "--input", paramLabel = "FILE[,FILE...]",
      description = "hierarchy files: Enzo .hierarchy, Chombo layout, AMReX Header (required)")
  String input;

  @CommandLine.Option(names = "--format", paramLabel = "F",
      description = "auto, enzo, chombo or amrex (default auto: from the content)")
  String format;

  @CommandLine.Option(names = "--balancer", paramLabel = "NAME",
      description = "a balancer name, or all (default knapsack); see --list")
  String balancer;

  /** From this many ranks on, even a single run says what it is doing before it starts. */
  static final int LARGE_RANKS = 65_536;

  @CommandLine.Option(names = "--ranks", paramLabel = "P[,P...]", description = "rank counts (default 16)")
  String ranks;

  @CommandLine.Option(names = "--topology", paramLabel = "T",
      description = "full, hypercube, mesh or mesh:PxQ (default full)")
  String topology;

  @CommandLine.Option(names = "--set", paramLabel = "KEY=VALUE[,KEY=VALUE...]",
      description = "a balancer option, repeatable: KEY is an option of the balancer (every selected balancer that"
          + " has it) or NAME.OPTION; see --list")
  @Nullable
  List<String> set;

  @CommandLine.Option(names = "--json", description = "print one JSON object per run")
  boolean json;

  @CommandLine.Option(names = "--markdown", description = "print a Markdown table")
  boolean markdown;

  @CommandLine.Option(names = "--list", description = "list the balancers and their options, and exit")
  boolean list;

  @CommandLine.Option(names = "--write-map", paramLabel = "DIR",
      description = "write each run's box-to-rank map for the code that wrote the input: per level the rank of every"
          + " box in the file's order (level_L.map), the new boxes where the balancer cut them (level_L.boxes), Enzo's"
          + " ProcessorNumber per grid, and map.json; several runs go to DIR/INPUT_BALANCER_P (docs/maps.md)")
  @Nullable
  String writeMap;

  @CommandLine.Mixin
  CostMixin costOptions = new CostMixin();

  /** How the runs are printed. */
  enum Output { CSV, JSON, MARKDOWN }

  /**
   * The checked options of one call: every balancer name, {@code --set} key and value, rank count and topology is
   * valid, and every input file exists, before any file is read.
   */
  record Options(List<Path> inputs, String format, List<String> balancers, Map<String, Map<String, String>> settings,
      List<Integer> ranks, String topology, Output output, @Nullable Path writeMap, CostOptions costs) {
    Options {
      inputs = List.copyOf(inputs);
      balancers = List.copyOf(balancers);
      settings = Map.copyOf(settings);
      ranks = List.copyOf(ranks);
    }
  }

  Options options(Path workingDirectory) {
    if (json && markdown) {
      throw new UsageException("give one of them, not both", "--json, --markdown");
    }
    if (input == null || input.isBlank()) {
      throw new UsageException("a hierarchy file is required", "--input");
    }
    String f = Values.choice("--format", format, "auto", formats());
    String which = balancer == null ? BalancingModules.DEFAULT_BALANCER : balancer.strip();
    List<String> balancers = which.equals("all") ? List.copyOf(BalancingModules.balancerNames()) : List.of(which);
    if (!which.equals("all") && !BalancingModules.balancerNames().contains(which)) {
      throw new UsageException("unknown balancer; known: " + String.join(", ", BalancingModules.balancerNames())
          + " or all", "--balancer " + which);
    }
    Map<String, Map<String, String>> settings = options(set == null ? List.of() : set, balancers);
    for (String b : balancers) {
      try {
        BalancingModules.balancerModule(b, settings.get(b)); // checks every value
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage(), "--set");
      }
    }
    List<Integer> p = Values.integers("--ranks", ranks, List.of(16), 1, 1 << 24);
    String t = topology == null ? "full" : topology;
    for (int r : p) {
      MachineSpec.parse(t, r);
    }
    List<Path> files = new ArrayList<>();
    for (String name : input.split(",")) {
      files.add(Values.hierarchyInput("--input", name, workingDirectory));
    }
    Path mapDir = writeMap == null ? null : Values.writableFolder("--write-map", writeMap, workingDirectory);
    return new Options(files, f, balancers, settings, p, t,
        json ? Output.JSON : markdown ? Output.MARKDOWN : Output.CSV, mapDir,
        costOptions.options(workingDirectory));
  }

  @Override
  public int run(Invocation call) throws IOException {
    PrintStream out = call.out();
    if (list) {
      for (String name : BalancingModules.balancerNames()) {
        out.printf("%-22s %s%n", name, BalancingModules.balancer(name).description());
        for (Map.Entry<String, String> o : new java.util.TreeMap<>(BalancingModules.balancer(name).options())
            .entrySet()) {
          out.printf("    %-22s %s%n", o.getKey(), o.getValue());
        }
      }
      return 0;
    }
    Options o = options(call.workingDirectory());
    List<HierarchyFile> files = new ArrayList<>();
    for (Path file : o.inputs()) {
      try {
        HierarchyFile read = read(file, o.format());
        read.notes().forEach(n -> call.err().println("balance: note: " + n));
        files.add(o.costs().apply(read));
      } catch (HierarchyFormatException e) {
        throw UsageException.of(e);
      } catch (IOException e) {
        throw UsageException.unreadable(e, file);
      }
    }
    boolean oneRun = files.size() * o.ranks().size() * o.balancers().size() == 1;
    List<BalanceRun> runs = new ArrayList<>();
    int total = files.size() * o.ranks().size() * o.balancers().size();
    int done = 0;
    long start = System.nanoTime();
    for (HierarchyFile file : files) {
      recorded(file).ifPresent(runs::add);
      for (int p : o.ranks()) {
        Machine machine = MachineSpec.parse(o.topology(), p);
        for (String name : o.balancers()) {
          // Progress on stderr (stdout carries the result): a large rank count can take minutes, so the user sees
          // what runs, and after the first run an estimate of what is left.
          if (total > 1 || p >= LARGE_RANKS) {
            call.err().printf("balance: %d/%d %s on %d ranks%s%n", done + 1, total, name, p,
                done == 0 ? "" : String.format(java.util.Locale.ROOT, " (about %.0f s left)",
                    (System.nanoTime() - start) * 1e-9 / done * (total - done)));
          }
          Placed placed = place(file, name, o.settings().get(name), machine, o.topology());
          runs.add(placed.run());
          if (o.writeMap() != null) {
            Path dir = oneRun ? o.writeMap() : o.writeMap().resolve(MapExport.folderName(file.source(), name, p));
            MapExport.write(dir, file.source(), file.format(), placed.run().balancer(), placed.assignment(),
                placed.run().report());
            call.err().println("balance: wrote the map of " + name + " on " + p + " ranks to " + dir);
          }
          done++;
        }
      }
    }
    switch (o.output()) {
      case JSON -> runs.forEach(r -> out.println(r.toJson()));
      case MARKDOWN -> out.print(table(runs, files.size() > 1).toMarkdown());
      case CSV -> out.print(table(runs, files.size() > 1).toCsv());
    }
    return 0;
  }

  /** Reads {@code input}, a hierarchy file or an AMReX plotfile folder (its {@code Header}). */
  public static HierarchyFile read(Path input, String format) throws java.io.IOException {
    if (format.equals("auto")) {
      return HierarchyReaders.read(input);
    }
    return HierarchyReaders.reader(HierarchyFormat.fromConfigName(format)).read(input);
  }

  /** One balancer, chosen by name with default options, on one machine. */
  public static BalanceRun runOne(HierarchyFile file, String balancer, Machine machine, String topology) {
    return runOne(file, balancer, Map.of(), machine, topology);
  }

  /**
   * One balancer, chosen by name with the given options (the rest default), on one machine; the run's label is the
   * name followed by the options as {@code key=value} words.
   */
  public static BalanceRun runOne(HierarchyFile file, String balancer, Map<String, String> options, Machine machine,
      String topology) {
    return place(file, balancer, options, machine, topology).run();
  }

  /** A run and the assignment it measured. */
  record Placed(BalanceRun run, Assignment assignment) {}

  static Placed place(HierarchyFile file, String balancer, Map<String, String> options, Machine machine,
      String topology) {
    LoadBalancer lb = LoadBalancers.create(balancer, options);
    BalanceProblem problem = BalanceProblem.of(file.hierarchy(), machine);
    long start = System.nanoTime();
    Assignment a = lb.balance(problem);
    double seconds = (System.nanoTime() - start) * 1e-9;
    StringBuilder label = new StringBuilder(balancer);
    new java.util.TreeMap<>(options).forEach((k, v) -> label.append(' ').append(k).append('=').append(v));
    return new Placed(new BalanceRun(file.source(), label.toString(), machine.ranks(), topology,
        BalanceReport.of(problem, a), seconds), a);
  }

  /**
   * The options of each selected balancer from the {@code --set} values: {@code KEY=VALUE} goes to every selected
   * balancer that has option KEY, {@code NAME.KEY=VALUE} to balancer NAME only. Values are checked when each
   * balancer is built.
   *
   * @throws UsageException for a malformed pair, a balancer that is not selected, or a key no selected balancer has
   */
  static Map<String, Map<String, String>> options(List<String> sets, List<String> balancers) {
    Map<String, Map<String, String>> out = new java.util.LinkedHashMap<>();
    for (String b : balancers) {
      out.put(b, new java.util.LinkedHashMap<>());
    }
    for (String set : sets) {
      for (String pair : set.split(",")) {
        int eq = pair.indexOf('=');
        if (eq <= 0 || eq == pair.length() - 1) {
          throw new UsageException("expected KEY=VALUE or NAME.KEY=VALUE", "--set " + pair);
        }
        String key = pair.substring(0, eq).trim();
        String value = pair.substring(eq + 1).trim();
        int dot = key.indexOf('.');
        List<String> targets = balancers;
        if (dot > 0) {
          String name = key.substring(0, dot);
          if (!balancers.contains(name)) {
            throw new UsageException("balancer " + name + " is not selected (--balancer "
                + String.join(",", balancers) + ")", "--set " + pair);
          }
          targets = List.of(name);
          key = key.substring(dot + 1);
        }
        boolean used = false;
        for (String b : targets) {
          if (BalancingModules.balancer(b).options().containsKey(key)) {
            out.get(b).put(key, value);
            used = true;
          }
        }
        if (!used) {
          java.util.Set<String> known = new java.util.TreeSet<>();
          targets.forEach(b -> known.addAll(BalancingModules.balancer(b).options().keySet()));
          throw new UsageException("no selected balancer has option " + key + "; options: " + known,
              "--set " + pair);
        }
      }
    }
    return out;
  }

  /** The assignment the writing code recorded (whole hierarchy, else its first recorded level), measured alike. */
  public static Optional<BalanceRun> recorded(HierarchyFile file) {
    Optional<Assignment> own = file.recordedAssignment();
    String label = "recorded by the code";
    if (own.isEmpty() && !file.recordedLevels().isEmpty()) {
      int level = file.recordedLevels().get(0);
      own = file.recordedLevelAssignment(level);
      label = "recorded by the code (level " + level + " only)";
    }
    if (own.isEmpty()) {
      return Optional.empty();
    }
    Assignment a = own.get();
    BalanceProblem problem = BalanceProblem.of(a.hierarchy(), Machine.fullyConnected(a.ranks()));
    return Optional.of(new BalanceRun(file.source(), label, a.ranks(), "full", BalanceReport.of(problem, a),
        Double.NaN));
  }

  static Table table(List<BalanceRun> runs, boolean withInput) {
    List<String> columns = new ArrayList<>(List.of("balancer", "ranks", "imbalance", "efficiency",
        "level-sync efficiency", "empty ranks", "pieces", "intra-grid comm", "inter-grid comm", "time (ms)"));
    if (withInput) {
      columns.add(0, "input");
    }
    Table t = Table.withColumns(columns.toArray(new String[0]));
    for (BalanceRun r : runs) {
      BalanceReport rep = r.report();
      List<Object> row = new ArrayList<>(List.of(r.balancer(), r.ranks(),
          String.format(java.util.Locale.ROOT, "%.3f", rep.imbalance()),
          String.format(java.util.Locale.ROOT, "%.3f", rep.efficiency()),
          String.format(java.util.Locale.ROOT, "%.3f", rep.levelSynchronousEfficiency()), rep.emptyRanks(),
          rep.pieces(), String.format(java.util.Locale.ROOT, "%.4g", rep.intraGridCommunication()),
          String.format(java.util.Locale.ROOT, "%.4g", rep.interGridCommunication()),
          Double.isNaN(r.seconds()) ? "-" : String.format(java.util.Locale.ROOT, "%.1f", r.seconds() * 1e3)));
      if (withInput) {
        Path name = Path.of(r.input()).getFileName();
        row.add(0, name == null ? r.input() : name.toString());
      }
      t.add(row.toArray());
    }
    return t;
  }

  /** The values of {@code --format}: auto or a reader's format. */
  public static Set<String> formats() {
    return Set.of("auto", "enzo", "chombo", "amrex");
  }
}
