package org.amrbalance.experiments.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.Launcher;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchCommandTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Launcher launcher = new Launcher(List.of(new BenchCommand()));

  /** A test is no measurement: it runs beside a benchmark that holds JMH's machine-wide lock. */
  @BeforeAll
  static void ignoreJmhLock() {
    System.setProperty("jmh.ignoreLock", "true");
  }

  private int run(String... args) {
    return launcher.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void oneTinyBenchmarkIsSummarisedWithTheMachine(@TempDir Path dir) throws Exception {
    assertThat(run("bench", "--quick", "--include", "BalanceBenchmark", "--balancers", "round-robin",
        "--grids", "300", "--ranks", "16", "--warmup", "0", "--iterations", "1", "--time", "20",
        "--out", dir.toString())).as(err.toString(StandardCharsets.UTF_8)).isZero();
    String cores = Integer.toString(Runtime.getRuntime().availableProcessors());
    String md = Files.readString(dir.resolve("benchmarks.md"));
    assertThat(md).contains("round-robin", cores + " cores", "--balancers round-robin", "16 ranks",
        System.getProperty("java.runtime.version"));
    assertThat(md).doesNotContain("Grid-indivisibility, sequential"); // excluded by --include
    // the table row: balancer, grids, then a positive number of milliseconds
    assertThat(md).containsPattern("\\| round-robin \\| 300 \\| [0-9.]+(e-?[0-9]+)? \\|");

    List<String> csv = Files.readAllLines(dir.resolve("benchmarks.csv"));
    assertThat(csv).hasSize(2);
    assertThat(csv.get(0)).startsWith("benchmark,balancer,grids,ranks,ms_per_call");
    String[] row = csv.get(1).split(",");
    assertThat(row[0]).isEqualTo(JmhBench.BALANCE);
    assertThat(row[1]).isEqualTo("round-robin");
    assertThat(row[2]).isEqualTo("300");
    assertThat(Double.parseDouble(row[4])).isPositive();
    assertThat(row[7]).isEqualTo("NaN"); // CPU time is measured for the target only
    assertThat(row[8]).isEqualTo(cores);
    assertThat(csv.get(1)).contains("java -jar experiments/target/amrbalance.jar bench --quick");
    assertThat(md).doesNotContain(dir.toString()).doesNotContain("--out");
  }

  @Test
  void everyRealHierarchyIsATimedRow(@TempDir Path dir) throws Exception {
    assertThat(run("bench", "--quick", "--include", "RealHierarchyBenchmark", "--balancers", "round-robin",
        "--ranks", "16", "--warmup", "0", "--iterations", "1", "--time", "20", "--out", dir.toString()))
        .as(err.toString(StandardCharsets.UTF_8)).isZero();
    List<String> csv = Files.readAllLines(dir.resolve("benchmarks.csv"));
    assertThat(csv).hasSize(1 + 4); // Enzo, Chombo 2-D and 3-D, AMReX Header
    assertThat(csv.subList(1, 5)).allMatch(l -> l.startsWith(JmhBench.REAL + ",round-robin,-1,16,"));
    assertThat(csv).anyMatch(l -> l.contains(",amrex_pelelmex_2d_Header,"));
    String md = Files.readString(dir.resolve("benchmarks.md"));
    assertThat(md).contains("real hierarchies", "| round-robin | enzo_IsolatedGalaxy_galaxy0030.hierarchy | ");
  }

  @Test
  void everyTriggerHasItsPerStepCost(@TempDir Path dir) throws Exception {
    assertThat(run("bench", "--quick", "--include", "TriggerStepBenchmark", "--warmup", "0", "--iterations", "1",
        "--time", "20", "--out", dir.toString())).as(err.toString(StandardCharsets.UTF_8)).isZero();
    List<String> csv = Files.readAllLines(dir.resolve("benchmarks.csv"));
    // every trigger on 16, 1,024 and 65,536 ranks
    assertThat(csv).hasSize(1 + BalancingModules.triggerNames().size() * JmhBench.TRIGGER_RANKS.size());
    assertThat(csv).anyMatch(l -> l.startsWith(JmhBench.TRIGGER + ",adaptive,-1,16,"));
    assertThat(csv).anyMatch(l -> l.startsWith(JmhBench.TRIGGER + ",adaptive,-1,65536,"));
    assertThat(csv).anyMatch(l -> l.startsWith(JmhBench.TRIGGER + ",stop-at-rise,-1,1024,"));
    assertThat(csv.subList(1, csv.size())).allMatch(l -> Double.parseDouble(l.split(",")[4]) > 0);
    assertThat(Files.readString(dir.resolve("benchmarks.md"))).contains("Cost of one trigger step",
        "| change-detection | 16 | ");
  }

  @Test
  void theGridIndivisibilityTargetAlsoHasItsCpuTime(@TempDir Path dir) throws Exception {
    assertThat(run("bench", "--quick", "--include", "GridIndivisibilityTarget", "--grids", "300", "--ranks", "16",
        "--warmup", "0", "--iterations", "1", "--time", "20", "--out", dir.toString()))
        .as(err.toString(StandardCharsets.UTF_8)).isZero();
    List<String> csv = Files.readAllLines(dir.resolve("benchmarks.csv"));
    assertThat(csv).hasSize(2);
    String[] row = csv.get(1).split(",");
    assertThat(row[0]).isEqualTo(JmhBench.TARGET);
    assertThat(row[1]).isEqualTo("grid-indivisibility");
    assertThat(Double.parseDouble(row[7])).isPositive();
    assertThat(Files.readString(dir.resolve("benchmarks.md"))).contains("Grid-indivisibility, sequential L1",
        "| 300 | 16 | ");
  }

  @Test
  void theScaleTargetsHaveTheirOwnTable(@TempDir Path dir) throws Exception {
    assertThat(run("bench", "--quick", "--include", "ScaleTarget", "--balancers", "grid-packing,knapsack", "--grids",
        "300", "--ranks", "16", "--warmup", "0", "--iterations", "1", "--time", "20", "--out", dir.toString()))
        .as(err.toString(StandardCharsets.UTF_8)).isZero();
    List<String> csv = Files.readAllLines(dir.resolve("benchmarks.csv"));
    assertThat(csv).hasSize(3);
    assertThat(csv.subList(1, 3)).allSatisfy(line -> assertThat(line).startsWith(JmhBench.SCALE_TARGET + ","));
    assertThat(csv.get(1).split(",")[1]).isEqualTo("grid-packing");
    assertThat(csv.get(2).split(",")[1]).isEqualTo("knapsack");
    assertThat(Files.readString(dir.resolve("benchmarks.md"))).contains("Scale targets",
        "| grid-packing | 300 | 16 | ", "| knapsack | 300 | 16 | ");
    // The block for the documentation: how it was measured, then a median in seconds, the target and the verdict.
    String block = Files.readString(dir.resolve("bench-scale.md"));
    assertThat(block).contains("--balancers grid-packing,knapsack", "cores (`nproc`)", "load average",
        "in process", "JMH: in process, 0 warm-up and 1 measured iterations of 20 ms");
    assertThat(block).containsPattern("\\| grid-packing \\| 300 \\| 16 \\| [0-9]+\\.[0-9]{2} \\| [0-9.]+ \\| 10 \\| yes \\|");
    assertThat(block).containsPattern("\\| knapsack \\| 300 \\| 16 \\| [0-9]+\\.[0-9]{2} \\| [0-9.]+ \\| 2 \\| yes \\|");
  }

  @Test
  void aScaleTargetThatFailsIsAFailedRowAndTheRunGoesOn(@TempDir Path dir) throws Exception {
    // An unknown balancer fails in the benchmark's setup, as a balancer out of heap fails in its call.
    BenchPlan plan = new BenchPlan(Pattern.compile("ScaleTarget"), List.of("no-such-balancer", "round-robin"),
        List.of(300), List.of(16), false, Map.of(), 0, 0, 1, 20);
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    List<TimingResult> timings = new JmhBench(plan, Files.createDirectories(dir.resolve("logs")))
        .run(new PrintStream(progress, true, StandardCharsets.UTF_8));
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("scale target of no-such-balancer failed");
    assertThat(timings).extracting(TimingResult::balancer, TimingResult::failure)
        .containsExactly(tuple("no-such-balancer", "failed"), tuple("round-robin", ""));
    new BenchSummary("bench", plan, timings, List.of(), 1.0).write(dir);
    assertThat(Files.readString(dir.resolve("bench-scale.md")))
        .contains("| no-such-balancer | 300 | 16 | failed | - | 2 | no |", "| round-robin | 300 | 16 | ");
    assertThat(Files.readAllLines(dir.resolve("benchmarks.csv")).get(1)).endsWith(",failed");
  }

  @Test
  void aFailedRunIsOutOfMemoryOnlyWhenItsLogSaysSo(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("jmh.log");
    assertThat(JmhBench.failureOf(log)).isEqualTo("failed");
    Files.writeString(log, "<failure>\njava.lang.IllegalStateException: bad\n");
    assertThat(JmhBench.failureOf(log)).isEqualTo("failed");
    Files.writeString(log, "<failure>\njava.lang.OutOfMemoryError: Java heap space\n");
    assertThat(JmhBench.failureOf(log)).isEqualTo("out of memory");
  }

  @Test
  void scaleTargetsRunInTwoForksUnlessInProcess() {
    assertThat(JmhBench.scaleForks(0)).isZero();
    assertThat(JmhBench.scaleForks(1)).isEqualTo(2);
    assertThat(JmhBench.scaleForks(3)).isEqualTo(3);
  }

  @Test
  void badOptionsExitWithStatusTwo(@TempDir Path dir) {
    assertThat(run("bench", "--ranks", "12", "--out", dir.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("must be a power of two", "(--ranks 12)");
    assertThat(run("bench", "--balancers", "nope", "--out", dir.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown balancer", "(--balancers nope)");
    assertThat(run("bench", "--include", "NoSuchBenchmark", "--out", dir.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("matches no benchmark");
    assertThat(run("bench", "--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("--include=REGEX", "--mode=M");
  }
}
