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
import org.amrbalance.experiments.Command;
import org.amrbalance.experiments.cli.Args;
import org.amrbalance.experiments.cli.Option;
import org.amrbalance.experiments.cli.UsageException;

/**
 * {@code bench [--quick] [--out DIR] [--include REGEX] [--mode time|memory|all]}: runs the JMH benchmarks of
 * the balancers in process through JMH's runner and, in memory mode, balances 10^5 grids on 16,384 ranks with
 * each balancer in a fresh JVM capped at 1 GiB; writes {@code DIR/benchmarks.md} and CSV files.
 */
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

  @Override
  public String name() {
    return "bench";
  }

  @Override
  public String summary() {
    return "JMH benchmarks of every balancer at scale, and heap use; writes benchmarks.md and CSV";
  }

  @Override
  public List<Option> options() {
    return List.of(
        Option.flag("quick", "in process (no fork), 1 warm-up and 2 measured iterations of 500 ms"),
        Option.value("out", "DIR", "folder for benchmarks.md and the CSV files (default results/bench)"),
        Option.value("include", "REGEX", "run only benchmarks whose name contains a match (default all)"),
        Option.value("mode", "M", "time, memory or all (default time)"),
        Option.value("balancers", "NAME[,NAME...]", "balancers to time (default all)"),
        Option.value("grids", "N[,N...]", "grid counts (default 1000,10000,100000)"),
        Option.value("ranks", "P[,P...]", "rank counts, powers of two (default 16,128,1024,16384)"),
        Option.value("forks", "N", "JMH forks (default 1, 0 with --quick)"),
        Option.value("warmup", "N", "warm-up iterations (default 2, 1 with --quick)"),
        Option.value("iterations", "N", "measured iterations (default 3, 2 with --quick)"),
        Option.value("time", "MS", "milliseconds per iteration (default 1000, 500 with --quick)"),
        Option.value("memory-timeout", "S", "seconds allowed per balancer in memory mode (default 600)"));
  }

  @Override
  public int run(Args args, PrintStream out, PrintStream err) throws Exception {
    boolean quick = args.flag("quick");
    String mode = args.choice("mode", "time", Set.of("time", "memory", "all"));
    Pattern include;
    try {
      include = Pattern.compile(args.string("include", ".*"));
    } catch (PatternSyntaxException e) {
      throw new UsageException("--include " + args.string("include", "") + ": not a regular expression ("
          + e.getDescription() + ")");
    }
    List<String> known = List.copyOf(BalancingModules.balancerNames());
    List<String> balancers = known;
    if (args.has("balancers")) {
      balancers = List.of(args.string("balancers", "").split(","));
      for (String b : balancers) {
        if (!known.contains(b)) {
          throw new UsageException("--balancers " + b + ": unknown; known: " + known);
        }
      }
    }
    List<Integer> grids = args.integers("grids", DEFAULT_GRIDS, ScaleHierarchy.MIN_GRIDS, 10_000_000);
    List<Integer> ranks = args.integers("ranks", DEFAULT_RANKS, 1, 1 << 24);
    for (int p : ranks) {
      if (Integer.bitCount(p) != 1) {
        throw new UsageException("--ranks " + p + ": must be a power of two (the machine is a hypercube)");
      }
    }
    BenchPlan plan = new BenchPlan(include, balancers, grids, ranks, !args.has("grids") && !args.has("ranks"),
        MAX_GRIDS, args.integer("forks", quick ? 0 : 1, 0, 10), args.integer("warmup", quick ? 1 : 2, 0, 100),
        args.integer("iterations", quick ? 2 : 3, 1, 1000), args.integer("time", quick ? 500 : 1000, 1, 3_600_000));
    Path dir = args.path("out", "results/bench");
    Files.createDirectories(dir);

    double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    List<TimingResult> timings = new ArrayList<>();
    if (!mode.equals("memory")) {
      Path logs = Files.createDirectories(dir.resolve("jmh-logs"));
      timings = new JmhBench(plan, logs).run(err);
      if (timings.isEmpty()) {
        throw new UsageException("--include " + include + ": matches no benchmark (" + JmhBench.BALANCE + ", "
            + JmhBench.REAL + ", " + JmhBench.TRIGGER + ", " + JmhBench.TARGET + ", " + JmhBench.SCALE_TARGET + ")");
      }
    }
    List<MemoryResult> memory = new ArrayList<>();
    if (!mode.equals("time")) {
      MemoryRun run = new MemoryRun(1L << 30, args.integer("memory-timeout", 600, 1, 86_400));
      for (String b : balancers) {
        err.printf("bench: heap of %s on %d grids, %d ranks%n", b, MEMORY_GRIDS, MEMORY_RANKS);
        memory.add(run.run(b, MEMORY_GRIDS, MEMORY_RANKS));
      }
    }
    BenchSummary summary = new BenchSummary(commandLine(args), plan, timings, memory, loadAtStart);
    for (Path f : summary.write(dir)) {
      out.println(f);
    }
    return 0;
  }

  /**
   * The command line that produced the results, rebuilt from the parsed options; without {@code --out}, which
   * changes no result and would put a folder of the measuring machine into the tables.
   */
  private String commandLine(Args args) {
    StringBuilder s = new StringBuilder("java -jar experiments/target/amrbalance.jar bench");
    for (Option o : options()) {
      if (args.has(o.name()) && !o.name().equals("out")) {
        s.append(" --").append(o.name());
        if (o.takesValue()) {
          String v = args.string(o.name(), "");
          s.append(' ').append(v.matches("[A-Za-z0-9_,./:=+-]+") ? v : "'" + v.replace("'", "'\\''") + "'");
        }
      }
    }
    return s.toString();
  }
}
