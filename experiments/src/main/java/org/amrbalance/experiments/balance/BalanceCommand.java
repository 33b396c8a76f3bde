package org.amrbalance.experiments.balance;

import com.google.inject.Guice;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.Command;
import org.amrbalance.experiments.cli.Args;
import org.amrbalance.experiments.cli.Option;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.plot.Table;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyFormat;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;

/**
 * {@code balance --input FILE --balancer NAME --ranks P}: reads a hierarchy (Enzo, Chombo, AMReX), balances it
 * and prints the {@link BalanceReport}; with {@code --balancer all} and several ranks, a table of every balancer,
 * beside the assignment the writing code recorded in the file.
 */
public final class BalanceCommand implements Command {
  @Override
  public String name() {
    return "balance";
  }

  @Override
  public String summary() {
    return "balance a hierarchy file (Enzo, Chombo, AMReX) and print the report";
  }

  @Override
  public List<Option> options() {
    return List.of(
        Option.value("input", "FILE[,FILE...]", "hierarchy files: Enzo .hierarchy, Chombo layout, AMReX Header (required)"),
        Option.value("format", "F", "auto, enzo, chombo or amrex (default auto: from the content)"),
        Option.value("balancer", "NAME", "a balancer name, or all (default knapsack); see --list"),
        Option.value("ranks", "P[,P...]", "rank counts (default 16)"),
        Option.value("topology", "T", "full, hypercube, mesh or mesh:PxQ (default full)"),
        Option.value("set", "KEY=VALUE[,KEY=VALUE...]", "a balancer option, repeatable: KEY is an option of the"
            + " balancer (every selected balancer that has it) or NAME.OPTION; see --list"),
        Option.flag("json", "print one JSON object per run"),
        Option.flag("markdown", "print a Markdown table"),
        Option.flag("list", "list the balancers and exit"));
  }

  @Override
  public int run(Args args, PrintStream out, PrintStream err) throws Exception {
    if (args.flag("list")) {
      for (String name : BalancingModules.balancerNames()) {
        out.printf("%-22s %s%n", name, BalancingModules.balancer(name).description());
        for (Map.Entry<String, String> o : new java.util.TreeMap<>(BalancingModules.balancer(name).options())
            .entrySet()) {
          out.printf("    %-22s %s%n", o.getKey(), o.getValue());
        }
      }
      return 0;
    }
    List<HierarchyFile> files = new ArrayList<>();
    for (String name : args.required("input").split(",")) {
      files.add(read(Path.of(name.trim()), args.string("format", "auto")));
    }
    String which = args.string("balancer", BalancingModules.DEFAULT_BALANCER);
    List<String> balancers = which.equals("all") ? List.copyOf(BalancingModules.balancerNames()) : List.of(which);
    if (!which.equals("all") && !BalancingModules.balancerNames().contains(which)) {
      throw new UsageException("--balancer " + which + ": unknown; known: " + BalancingModules.balancerNames()
          + " or all");
    }
    Map<String, Map<String, String>> options = options(args.all("set"), balancers);
    for (String b : balancers) {
      try {
        BalancingModules.balancerModule(b, options.get(b)); // checks every value before any work
      } catch (IllegalArgumentException e) {
        throw new UsageException("--set: " + e.getMessage());
      }
    }
    List<Integer> ranks = args.integers("ranks", List.of(16), 1, 1 << 24);
    String topology = args.string("topology", "full");
    for (int p : ranks) {
      MachineSpec.parse(topology, p); // every rank count is checked before any work
    }

    List<BalanceRun> runs = new ArrayList<>();
    for (HierarchyFile file : files) {
      recorded(file).ifPresent(runs::add);
      for (int p : ranks) {
        Machine machine = MachineSpec.parse(topology, p);
        for (String name : balancers) {
          runs.add(runOne(file, name, options.get(name), machine, topology));
          if (!args.flag("json") && !args.flag("markdown") && balancers.size() * ranks.size() > 1) {
            err.printf("%s on %d ranks done%n", name, p);
          }
        }
      }
    }
    if (args.flag("json")) {
      runs.forEach(r -> out.println(r.toJson()));
    } else {
      Table t = table(runs, files.size() > 1);
      out.print(args.flag("markdown") ? t.toMarkdown() : t.toCsv());
    }
    return 0;
  }

  static HierarchyFile read(Path input, String format) throws java.io.IOException {
    if (format.equals("auto")) {
      return HierarchyReaders.read(input);
    }
    HierarchyFormat f;
    try {
      f = HierarchyFormat.fromConfigName(format);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--format " + format + ": must be auto, enzo, chombo or amrex");
    }
    return HierarchyReaders.reader(f).read(input);
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
    LoadBalancer lb = Guice.createInjector(BalancingModules.balancerModule(balancer, options))
        .getInstance(LoadBalancer.class);
    BalanceProblem problem = BalanceProblem.of(file.hierarchy(), machine);
    long start = System.nanoTime();
    Assignment a = lb.balance(problem);
    double seconds = (System.nanoTime() - start) * 1e-9;
    StringBuilder label = new StringBuilder(balancer);
    new java.util.TreeMap<>(options).forEach((k, v) -> label.append(' ').append(k).append('=').append(v));
    return new BalanceRun(file.source(), label.toString(), machine.ranks(), topology, BalanceReport.of(problem, a),
        seconds);
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
          throw new UsageException("--set " + pair + ": expected KEY=VALUE or NAME.KEY=VALUE");
        }
        String key = pair.substring(0, eq).trim();
        String value = pair.substring(eq + 1).trim();
        int dot = key.indexOf('.');
        List<String> targets = balancers;
        if (dot > 0) {
          String name = key.substring(0, dot);
          if (!balancers.contains(name)) {
            throw new UsageException("--set " + pair + ": balancer " + name + " is not selected (--balancer "
                + String.join(",", balancers) + ")");
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
          throw new UsageException("--set " + pair + ": no selected balancer has option " + key + "; options: "
              + known);
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

  static Set<String> formats() {
    return Set.of("auto", "enzo", "chombo", "amrex");
  }
}
