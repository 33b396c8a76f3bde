package org.amrbalance.experiments.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    assertThat(csv).hasSize(1 + BalancingModules.triggerNames().size() * 2); // every trigger on 16 and 1024 ranks
    assertThat(csv).anyMatch(l -> l.startsWith(JmhBench.TRIGGER + ",adaptive,-1,16,"));
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
        "| grid-packing | 300 | 16 | ", "| 10000 |", "| knapsack | 300 | 16 | ", "| 2000 |");
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
