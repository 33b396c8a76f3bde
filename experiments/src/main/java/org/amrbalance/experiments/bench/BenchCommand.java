package org.amrbalance.experiments.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import org.amrbalance.experiments.cli.UsageException;
import org.amrbalance.experiments.cli.Values;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code bench [--quick] [--out DIR] [--include REGEX] [--mode time|memory|all]}: runs the JMH benchmarks of
 * the balancers in process through JMH's runner and, in memory mode, balances 10^5 grids on 16,384 ranks with
 * each balancer in a fresh JVM capped at 1 GiB; writes {@code DIR/benchmarks.md} and CSV files.
 */
@CommandLine.Command(name = "bench", sortOptions = false,
    description = "JMH benchmarks of every balancer at scale, and heap use; writes benchmarks.md and CSV")
public final class BenchCommand implements Command {
  /**
   * Balancers timed only up to a grid count: list scheduling (L2) scans every processor within a grid's hop
   * budget for each grid, O(grids x ranks), and takes 2 to 15 s per call at 10^5 grids, too long for repeated
   * JMH iterations; its heap at 10^5 grids is still measured in memory mode.
   */
  static final Map<String, Integer> MAX_GRIDS = Map.of("list-scheduling", 10_000);
  static final List<Integer> DEFAULT_GRIDS = List.of(1_000, 10_000, 100_000);
  static final List<Integer> DEFAULT_RANKS = List.of(16, 128, 1_024, 16_384);
  static final int MEMORY_GRIDS = 100_000;
  static final int MEMORY_RANKS = 16_384;

  @CommandLine.Option(names = "--quick",
      description = "in process (no fork), 1 warm-up and 2 measured iterations of 500 ms")
  boolean quick;

  @CommandLine.Option(names = "--out", paramLabel = "DIR",
      description = "folder for benchmarks.md and the CSV files (default results/bench)")
  String out;

  @CommandLine.Option(names = "--include", paramLabel = "REGEX",
      description = "run only benchmarks whose name contains a match (default all)")
  String include;

  @CommandLine.Option(names = "--mode", paramLabel = "M", description = "time, memory or all (default time)")
  String mode;

  @CommandLine.Option(names = "--balancers", paramLabel = "NAME[,NAME...]",
      description = "balancers to time (default all)")
  String balancers;

  @CommandLine.Option(names = "--grids", paramLabel = "N[,N...]",
      description = "grid counts (default 1000,10000,100000)")
  String grids;

  @CommandLine.Option(names = "--ranks", paramLabel = "P[,P...]",
      description = "rank counts, powers of two (default 16,128,1024,16384)")
  String ranks;

  @CommandLine.Option(names = "--forks", paramLabel = "N", description = "JMH forks (default 1, 0 with --quick)")
  String forks;

  @CommandLine.Option(names = "--warmup", paramLabel = "N",
      description = "warm-up iterations (default 2, 1 with --quick)")
  String warmup;

  @CommandLine.Option(names = "--iterations", paramLabel = "N",
      description = "measured iterations (default 3, 2 with --quick)")
  String iterations;

  @CommandLine.Option(names = "--time", paramLabel = "MS",
      description = "milliseconds per iteration (default 1000, 500 with --quick)")
  String time;

  @CommandLine.Option(names = "--memory-timeout", paramLabel = "S",
      description = "seconds allowed per balancer in memory mode (default 600)")
  String memoryTimeout;

  /** The checked options: the plan of the timings, the mode and the output folder (created, so known writable). */
  record Options(BenchPlan plan, String mode, Path out, int memoryTimeout) {}

  Options options(Path workingDirectory) {
    String m = Values.choice("--mode", mode, "time", Set.of("time", "memory", "all"));
    Pattern pattern;
    try {
      pattern = Pattern.compile(include == null ? ".*" : include);
    } catch (PatternSyntaxException e) {
      throw new UsageException("not a regular expression: " + e.getDescription(), "--include " + include);
    }
    List<String> known = List.copyOf(BalancingModules.balancerNames());
    List<String> chosen = known;
    if (balancers != null) {
      chosen = List.of(balancers.split(","));
      for (String b : chosen) {
        if (!known.contains(b)) {
          throw new UsageException("unknown balancer; known: " + String.join(", ", known), "--balancers " + b);
        }
      }
    }
    List<Integer> g = Values.integers("--grids", grids, DEFAULT_GRIDS, ScaleHierarchy.MIN_GRIDS, 10_000_000);
    List<Integer> p = Values.integers("--ranks", ranks, DEFAULT_RANKS, 1, 1 << 24);
    for (int r : p) {
      if (Integer.bitCount(r) != 1) {
        throw new UsageException("must be a power of two (the machine is a hypercube)", "--ranks " + r);
      }
    }
    BenchPlan plan = new BenchPlan(pattern, chosen, g, p, grids == null && ranks == null, MAX_GRIDS,
        Values.integer("--forks", forks, quick ? 0 : 1, 0, 10),
        Values.integer("--warmup", warmup, quick ? 1 : 2, 0, 100),
        Values.integer("--iterations", iterations, quick ? 2 : 3, 1, 1000),
        Values.integer("--time", time, quick ? 500 : 1000, 1, 3_600_000));
    int timeout = Values.integer("--memory-timeout", memoryTimeout, 600, 1, 86_400);
    Path dir = Values.writableFolder("--out", out == null ? "results/bench" : out, workingDirectory);
    return new Options(plan, m, dir, timeout);
  }

  @Override
  public int run(Invocation call) throws Exception {
    Options o = options(call.workingDirectory());
    PrintStream err = call.err();
    double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    List<TimingResult> timings = new ArrayList<>();
    if (!o.mode().equals("memory")) {
      Path logs = Files.createDirectories(o.out().resolve("jmh-logs"));
      timings = new JmhBench(o.plan(), logs).run(err);
      if (timings.isEmpty()) {
        throw new UsageException("matches no benchmark (" + JmhBench.BALANCE + ", " + JmhBench.REAL + ", "
            + JmhBench.TRIGGER + ", " + JmhBench.TARGET + ", " + JmhBench.SCALE_TARGET + ")",
            "--include " + o.plan().include());
      }
    }
    List<MemoryResult> memory = new ArrayList<>();
    if (!o.mode().equals("time")) {
      MemoryRun run = new MemoryRun(1L << 30, o.memoryTimeout());
      for (String b : o.plan().balancers()) {
        err.printf("bench: heap of %s on %d grids, %d ranks%n", b, MEMORY_GRIDS, MEMORY_RANKS);
        memory.add(run.run(b, MEMORY_GRIDS, MEMORY_RANKS));
      }
    }
    BenchSummary summary = new BenchSummary(commandLine(call.parsed()), o.plan(), timings, memory, loadAtStart);
    for (Path f : summary.write(o.out())) {
      call.out().println(f);
    }
    return 0;
  }

  /**
   * The command line that produced the results, rebuilt from the options as given; without {@code --out}, which
   * changes no result and would put a folder of the measuring machine into the tables.
   */
  private static String commandLine(ParseResult parsed) {
    StringBuilder s = new StringBuilder("java -jar experiments/target/amrbalance.jar bench");
    for (OptionSpec o : parsed.commandSpec().options()) {
      if (!parsed.hasMatchedOption(o) || o.longestName().equals("--out")) {
        continue;
      }
      s.append(' ').append(o.longestName());
      if (o.arity().max() > 0) {
        List<String> given = parsed.matchedOption(o.longestName()).stringValues();
        String v = given.get(given.size() - 1);
        s.append(' ').append(v.matches("[A-Za-z0-9_,./:=+-]+") ? v : "'" + v.replace("'", "'\\''") + "'");
      }
    }
    return s.toString();
  }
}
