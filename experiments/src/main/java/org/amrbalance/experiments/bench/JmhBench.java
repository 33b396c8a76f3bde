package org.amrbalance.experiments.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.reproduce.RealHierarchies;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the benchmarks of a {@link BenchPlan} through JMH's {@link Runner}: one run per balancer of
 * {@link BalanceBenchmark} (so that each balancer gets only the sizes within its limit), one per balancer of
 * {@link RealHierarchyBenchmark} over every real hierarchy found, then {@link GridIndivisibilityTarget}, then one run per
 * balancer of {@link ScaleTarget}. JMH's own output goes to a log file.
 */
public final class JmhBench {
  /** Short names of the benchmarks, as they appear in the tables. */
  public static final String BALANCE = "BalanceBenchmark.balance";
  public static final String TARGET = "GridIndivisibilityTarget.sequential";
  public static final String SCALE_TARGET = "ScaleTarget.balance";
  public static final String REAL = "RealHierarchyBenchmark.balance";
  public static final String TRIGGER = "TriggerStepBenchmark.step";
  /** Rank counts of the trigger benchmark. */
  static final List<Integer> TRIGGER_RANKS = List.of(16, 1024, 65536);
  /** Rank counts of the real-hierarchy benchmark unless the plan gives its own. */
  static final List<Integer> REAL_RANKS = List.of(16, 1024);
  /** Calls before and calls measured by {@link CpuTime} for the grid-indivisibility target. */
  static final int CPU_WARMUPS = 5;
  static final int CPU_CALLS = 5;

  private final BenchPlan plan;
  private final Path logs;

  /** JMH's output of each run goes to a file in {@code logs}, which must exist. */
  public JmhBench(BenchPlan plan, Path logs) {
    this.plan = plan;
    this.logs = logs;
  }

  public List<TimingResult> run(PrintStream progress) throws RunnerException, IOException {
    List<TimingResult> out = new ArrayList<>();
    if (plan.includes(fullName(BALANCE))) {
      for (String balancer : plan.balancers()) {
        List<Integer> grids = plan.gridsFor(balancer);
        if (grids.isEmpty()) {
          progress.printf("bench: %s skipped (over its size limit)%n", balancer);
          continue;
        }
        progress.printf("bench: %s on %s grids x %s ranks%n", balancer, grids, plan.ranks());
        ChainedOptionsBuilder o = options(BALANCE, "jmh-" + balancer + ".log").param("balancer", balancer)
            .param("grids", strings(grids)).param("ranks", strings(plan.ranks()));
        collect(new Runner(o.build()).run(), BALANCE, out);
      }
    }
    if (plan.includes(fullName(REAL))) {
      Path data = RealHierarchies.defaultData();
      List<Path> files = Files.isDirectory(data) ? RealHierarchies.hierarchyFiles(data) : List.of();
      if (files.isEmpty()) {
        progress.println("bench: no real hierarchies in " + data + ", " + REAL + " skipped");
      }
      String[] names = files.stream().map(f -> f.getFileName().toString()).toArray(String[]::new);
      List<Integer> ranks = plan.ownSizes() ? REAL_RANKS : plan.ranks();
      for (String balancer : files.isEmpty() ? List.<String>of() : plan.balancers()) {
        progress.printf("bench: %s on %d real hierarchies x %s ranks%n", balancer, names.length, ranks);
        ChainedOptionsBuilder o = options(REAL, "jmh-real-" + balancer + ".log").param("balancer", balancer)
            .param("file", names).param("ranks", strings(ranks));
        collect(new Runner(o.build()).run(), REAL, out);
      }
    }
    if (plan.includes(fullName(TRIGGER))) {
      progress.println("bench: per-step cost of every trigger on " + TRIGGER_RANKS + " ranks");
      ChainedOptionsBuilder o = options(TRIGGER, "jmh-triggers.log")
          .param("trigger", BalancingModules.triggerNames().toArray(new String[0]))
          .param("ranks", strings(TRIGGER_RANKS));
      collect(new Runner(o.build()).run(), TRIGGER, out);
    }
    if (plan.includes(fullName(TARGET))) {
      progress.println("bench: grid-indivisibility target (sequential L1, single core)");
      ChainedOptionsBuilder o = options(TARGET, "jmh-target.log");
      if (!plan.ownSizes()) {
        o = o.param("grids", strings(plan.grids())).param("ranks", strings(plan.ranks()));
      }
      List<TimingResult> target = new ArrayList<>();
      collect(new Runner(o.build()).run(), TARGET, target);
      for (TimingResult r : target) {
        progress.printf("bench: CPU time of grid-indivisibility on %d grids, %d ranks%n", r.grids(), r.ranks());
        double cpu = CpuTime.medianMs(GridIndivisibilityTarget.balancer(),
            GridIndivisibilityTarget.problem(r.grids(), r.ranks()), CPU_WARMUPS, CPU_CALLS);
        out.add(new TimingResult(r.benchmark(), r.balancer(), r.file(), r.grids(), r.ranks(), r.scoreMs(),
            r.errorMs(), r.iterations(), cpu, r.medianMs(), r.failure()));
      }
    }
    if (plan.includes(fullName(SCALE_TARGET))) {
      for (String balancer : plan.balancers()) {
        progress.printf("bench: scale target of %s (10^6 grids, 65,536 ranks, -Xmx2g, single core)%n", balancer);
        Path log = logs.resolve("jmh-scale-" + balancer + ".log");
        ChainedOptionsBuilder o = options(SCALE_TARGET, log.getFileName().toString()).param("balancer", balancer)
            .forks(scaleForks(plan.forks()));
        if (!plan.ownSizes()) {
          o = o.param("grids", strings(plan.grids())).param("ranks", strings(plan.ranks()));
        }
        try {
          collect(new Runner(o.build()).run(), SCALE_TARGET, out);
        } catch (RunnerException e) {
          // A balancer that fails its target (out of memory in the 2 GiB fork) is a result, not the end of the run.
          String why = failureOf(log);
          progress.printf("bench: scale target of %s %s (see %s)%n", balancer, why, log);
          for (int grids : plan.ownSizes() ? List.of(Integer.parseInt(ScaleTarget.GRIDS)) : plan.grids()) {
            for (int ranks : plan.ownSizes() ? List.of(Integer.parseInt(ScaleTarget.RANKS)) : plan.ranks()) {
              out.add(TimingResult.failed(SCALE_TARGET, balancer, grids, ranks, why));
            }
          }
        }
      }
    }
    return out;
  }

  /** What JMH's log of a failed run says went wrong: {@code out of memory}, else {@code failed}. */
  static String failureOf(Path log) throws IOException {
    return Files.exists(log) && Files.readString(log).contains("OutOfMemoryError") ? "out of memory" : "failed";
  }

  /**
   * Forks of a scale-target run: two at least, so that every balancer is timed in two JVMs and the median of their
   * iterations is not one JVM's luck; none when the plan runs in process.
   */
  static int scaleForks(int planForks) {
    return planForks == 0 ? 0 : Math.max(2, planForks);
  }

  private ChainedOptionsBuilder options(String benchmark, String logName) {
    return new OptionsBuilder()
        .include("^" + Pattern.quote(fullName(benchmark)) + "$")
        .forks(plan.forks())
        .threads(1)
        .warmupIterations(plan.warmupIterations())
        .warmupTime(TimeValue.milliseconds(plan.iterationMillis()))
        .measurementIterations(plan.measurementIterations())
        .measurementTime(TimeValue.milliseconds(plan.iterationMillis()))
        .timeUnit(TimeUnit.MILLISECONDS)
        .shouldFailOnError(true)
        .output(logs.resolve(logName).toString());
  }

  private static void collect(Collection<RunResult> results, String benchmark, List<TimingResult> out) {
    for (RunResult r : results) {
      Result<?> primary = r.getPrimaryResult();
      String balancer = benchmark.equals(TARGET) ? "grid-indivisibility"
          : benchmark.equals(TRIGGER) ? r.getParams().getParam("trigger") : r.getParams().getParam("balancer");
      String file = benchmark.equals(REAL) ? r.getParams().getParam("file") : "";
      int grids = benchmark.equals(REAL) || benchmark.equals(TRIGGER) ? -1
          : Integer.parseInt(r.getParams().getParam("grids"));
      out.add(new TimingResult(benchmark, balancer, file, grids,
          Integer.parseInt(r.getParams().getParam("ranks")), primary.getScore(), primary.getScoreError(),
          primary.getStatistics().getN(), Double.NaN, primary.getStatistics().getPercentile(50), ""));
    }
  }

  static String fullName(String benchmark) {
    return JmhBench.class.getPackageName() + "." + benchmark;
  }

  private static String[] strings(List<Integer> values) {
    return values.stream().map(String::valueOf).toArray(String[]::new);
  }
}
