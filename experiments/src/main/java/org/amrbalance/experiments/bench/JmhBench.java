package org.amrbalance.experiments.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the benchmarks of a {@link BenchPlan} through JMH's {@link Runner}: one run per balancer of
 * {@link BalanceBenchmark} (so that each balancer gets only the sizes within its limit), then
 * {@link GridIndivisibilityTarget}. JMH's own output goes to a log file.
 */
public final class JmhBench {
  /** Short names of the benchmarks, as they appear in the tables. */
  public static final String BALANCE = "BalanceBenchmark.balance";
  public static final String TARGET = "GridIndivisibilityTarget.sequential";

  private final BenchPlan plan;
  private final Path logs;

  /** JMH's output of each run goes to a file in {@code logs}, which must exist. */
  public JmhBench(BenchPlan plan, Path logs) {
    this.plan = plan;
    this.logs = logs;
  }

  public List<TimingResult> run(PrintStream progress) throws RunnerException {
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
    if (plan.includes(fullName(TARGET))) {
      progress.println("bench: grid-indivisibility target (sequential L1, single core)");
      ChainedOptionsBuilder o = options(TARGET, "jmh-target.log");
      if (!plan.ownTargetSizes()) {
        o = o.param("grids", strings(plan.grids())).param("ranks", strings(plan.ranks()));
      }
      collect(new Runner(o.build()).run(), TARGET, out);
    }
    return out;
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
      String balancer = benchmark.equals(TARGET) ? "grid-indivisibility" : r.getParams().getParam("balancer");
      out.add(new TimingResult(benchmark, balancer, Integer.parseInt(r.getParams().getParam("grids")),
          Integer.parseInt(r.getParams().getParam("ranks")), primary.getScore(), primary.getScoreError(),
          primary.getStatistics().getN()));
    }
  }

  static String fullName(String benchmark) {
    return JmhBench.class.getPackageName() + "." + benchmark;
  }

  private static String[] strings(List<Integer> values) {
    return values.stream().map(String::valueOf).toArray(String[]::new);
  }
}
