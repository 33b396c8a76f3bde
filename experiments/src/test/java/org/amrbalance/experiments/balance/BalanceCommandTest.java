package org.amrbalance.experiments.balance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.amrbalance.balancers.baselines.KnapsackBalancer;
import org.amrbalance.experiments.Launcher;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Machine;
import org.junit.jupiter.api.Test;

class BalanceCommandTest {
  static final Path DATA = Path.of("..", "readers", "src", "test", "resources", "hierarchies");
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Launcher launcher = new Launcher(List.of(new BalanceCommand()));

  private int run(String... args) {
    return launcher.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void severalRunsSayOnStderrWhatRunsAndWhatIsLeftWhileStdoutCarriesOnlyTheResult() {
    Path file = DATA.resolve("chombo_testGrids.2d");
    assertThat(run("balance", "--input", file.toString(), "--balancer", "all", "--ranks", "4,8", "--markdown"))
        .isZero();
    List<String> names = List.copyOf(org.amrbalance.config.BalancingModules.balancerNames());
    int total = 2 * names.size();
    List<String> progress = err.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(progress).hasSize(total);
    assertThat(progress.get(0)).isEqualTo("balance: 1/" + total + " " + names.get(0) + " on 4 ranks");
    assertThat(progress.get(total - 1)).startsWith("balance: " + total + "/" + total + " " + names.get(names.size() - 1)
        + " on 8 ranks (about ").endsWith(" s left)");
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("balance: ");
    err.reset();
    assertThat(run("balance", "--input", file.toString(), "--balancer", "knapsack", "--ranks", "4")).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).as("one small run says nothing").isEmpty();
  }

  @Test
  void jsonCarriesTheReportOfTheChosenBalancer() throws Exception {
    Path file = DATA.resolve("chombo_testGrids.2d");
    assertThat(run("balance", "--input", file.toString(), "--balancer", "knapsack", "--ranks", "4",
        "--topology", "hypercube", "--json")).isZero();
    String[] lines = out.toString(StandardCharsets.UTF_8).trim().split("\n");
    assertThat(lines).hasSize(2); // the code's own assignment, then knapsack
    assertThat(lines[0]).contains("\"balancer\": \"recorded by the code\"", "\"ranks\": 2");
    // The same numbers, computed independently through BalanceReport.
    BalanceProblem problem = BalanceProblem.of(HierarchyReaders.read(file).hierarchy(), Machine.hypercube(4));
    Assignment a = new KnapsackBalancer(org.amrbalance.balancers.baselines.KnapsackOptions.defaults()).balance(problem);
    BalanceReport r = BalanceReport.of(problem, a);
    assertThat(lines[1]).contains("\"balancer\": \"knapsack\"", "\"ranks\": 4", "\"topology\": \"hypercube\"",
        "\"maxLoad\": " + r.maxLoad(), "\"imbalance\": " + r.imbalance(), "\"efficiency\": " + r.efficiency(),
        "\"emptyRanks\": 0", "\"intraGridComm\": 0.0", "\"interGridComm\": " + r.interGridCommunication());
  }

  @Test
  void everyBalancerOnSeveralRankCountsAsATable() {
    assertThat(run("balance", "--input", DATA.resolve("enzo_IsolatedGalaxy_galaxy0030.hierarchy").toString(),
        "--balancer", "all", "--ranks", "4,8", "--topology", "mesh", "--markdown")).isZero();
    String table = out.toString(StandardCharsets.UTF_8);
    assertThat(table).startsWith("| balancer | ranks | imbalance |");
    assertThat(table).contains("| recorded by the code | 13 |", "| grid-indivisibility | 8 |", "| scatter | 4 |");
  }

  @Test
  void severalFilesMakeOneTableWithAnInputColumn() {
    assertThat(run("balance", "--input", DATA.resolve("chombo_testGrids.2d") + "," + DATA.resolve("chombo_testGrids.3d"),
        "--balancer", "knapsack", "--ranks", "2,4", "--markdown")).isZero();
    String table = out.toString(StandardCharsets.UTF_8);
    assertThat(table).startsWith("| input | balancer | ranks |");
    assertThat(table.lines().filter(l -> l.startsWith("| chombo_testGrids.3d | knapsack |"))).hasSize(2);
    assertThat(table).contains("| chombo_testGrids.2d | recorded by the code | 2 |");
  }

  @Test
  void badInputsExitWithStatusTwoOrOneNamingTheProblem() {
    assertThat(run("balance", "--balancer", "knapsack")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("a hierarchy file is required (--input)");
    assertThat(run("balance", "--input", DATA.resolve("chombo_testGrids.2d").toString(), "--balancer", "nope"))
        .isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown balancer; known: ", "(--balancer nope)");
    assertThat(run("balance", "--input", DATA.resolve("chombo_testGrids.2d").toString(), "--ranks", "6",
        "--topology", "hypercube")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("power-of-two");
    assertThat(run("balance", "--input", DATA.resolve("chombo_testGrids.2d").toString(), "--ranks", "0"))
        .isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--ranks = 0");
    assertThat(run("balance", "--input", DATA.resolve("no-such-file").toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("no such file (" + DATA.resolve("no-such-file") + ")");
    err.reset();
    assertThat(run("balance", "--input", DATA.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("amrbalance balance: is a folder with no Header: give a hierarchy file").endsWith("(" + DATA + ")"
        + System.lineSeparator());
    err.reset();
    assertThat(run("balance", "--input", DATA.resolve("chombo_testGrids.2d").toString(), "--json", "--markdown"))
        .isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("give one of them, not both (--json, --markdown)");
  }

  @Test
  void setPassesOptionsToTheBalancersThatHaveThem() throws Exception {
    Path file = DATA.resolve("enzo_IsolatedGalaxy_galaxy0030.hierarchy");
    assertThat(run("balance", "--input", file.toString(), "--balancer", "grid-packing", "--ranks", "64",
        "--set", "min-piece-edge=8", "--set", "ghost-width=1", "--json")).isZero();
    String[] lines = out.toString(StandardCharsets.UTF_8).trim().split("\n");
    assertThat(lines[1]).contains("\"balancer\": \"grid-packing ghost-width=1 min-piece-edge=8\"");
    // The same run built directly: the option reached the balancer.
    BalanceProblem problem = BalanceProblem.of(HierarchyReaders.read(file).hierarchy(), Machine.fullyConnected(64));
    Assignment a = new org.amrbalance.balancers.packing.GridPackingBalancer(
        org.amrbalance.balancers.packing.GridPackingOptions.defaults().withMinPieceEdge(8).withGhostWidth(1))
        .balance(problem);
    assertThat(lines[1]).contains("\"pieces\": " + a.pieces().size());
  }

  @Test
  void setWithAllBalancersGoesToThoseThatHaveTheOptionOrToTheNamedOne() {
    assertThat(run("balance", "--input", DATA.resolve("chombo_testGrids.2d").toString(), "--balancer", "all",
        "--ranks", "8", "--set", "min-piece-edge=2,domain-decomposition.cut-level=0", "--markdown")).isZero();
    String table = out.toString(StandardCharsets.UTF_8);
    assertThat(table).contains("| grid-packing min-piece-edge=2 |", "| slab-lpt min-piece-edge=2 |",
        "| domain-decomposition cut-level=0 |", "| knapsack |");
  }

  @Test
  void badSetValuesAreUsageErrorsNamingThem() {
    String input = DATA.resolve("chombo_testGrids.2d").toString();
    assertThat(run("balance", "--input", input, "--balancer", "knapsack", "--set", "no-such=1")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("no selected balancer has option no-such;"
        + " options: [efficiency, level-by-level, max-swaps] (--set no-such=1)");
    err.reset();
    assertThat(run("balance", "--input", input, "--balancer", "grid-packing", "--set", "min-piece-edge=0"))
        .isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("min-piece-edge = 0");
    err.reset();
    assertThat(run("balance", "--input", input, "--balancer", "knapsack", "--set", "scatter.layout=auto"))
        .isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("balancer scatter is not selected");
    err.reset();
    assertThat(run("balance", "--input", input, "--set", "oops")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("expected KEY=VALUE or NAME.KEY=VALUE (--set oops)");
  }
}
