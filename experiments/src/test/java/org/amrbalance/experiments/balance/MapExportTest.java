package org.amrbalance.experiments.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.amrbalance.balancers.LoadBalancers;
import org.amrbalance.experiments.Launcher;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class MapExportTest {
  private static final Path DATA = BalanceCommandTest.DATA;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Launcher launcher = new Launcher(List.of(new BalanceCommand()));

  @TempDir
  Path tmp;

  private int run(String... args) {
    return launcher.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  /** Whole-grid and cutting balancers on each format: the text files alone give back the same report. */
  @ParameterizedTest
  @CsvSource({"amrex_pelelmex_2d_Header, knapsack", "amrex_pelelmex_2d_Header, domain-decomposition",
      "chombo_testGrids.2d, sfc-hilbert", "chombo_testGrids.2d, grid-packing",
      "enzo_IsolatedGalaxy_galaxy0030.hierarchy, knapsack"})
  void theWrittenMapReadsBackToTheSameReport(String input, String balancer) throws IOException {
    Path file = DATA.resolve(input);
    Path dir = tmp.resolve("map");
    assertThat(run("balance", "--input", file.toString(), "--balancer", balancer, "--ranks", "16",
        "--write-map", dir.toString())).as(err.toString(StandardCharsets.UTF_8)).isZero();

    HierarchyFile h = HierarchyReaders.read(file);
    BalanceProblem problem = BalanceProblem.of(h.hierarchy(), Machine.fullyConnected(16));
    Assignment expected = LoadBalancers.create(balancer).balance(problem);
    Assignment back = MapExport.read(dir, h.hierarchy(), MapExport.ranksOf(dir));
    assertThat(back.pieces()).hasSameSizeAs(expected.pieces());
    assertThat(new java.util.HashSet<>(back.pieces())).isEqualTo(new java.util.HashSet<>(expected.pieces()));
    BalanceReport want = BalanceReport.of(problem, expected);
    BalanceReport got = BalanceReport.of(problem, back);
    assertThat(got.rankLoads()).containsExactly(want.rankLoads());
    assertThat(got.imbalance()).isEqualTo(want.imbalance());
    assertThat(got.interGridCommunication()).isEqualTo(want.interGridCommunication());
    assertThat(got.intraGridCommunication()).isEqualTo(want.intraGridCommunication());

    // One line per box (or piece) after the count; boxes written exactly where the balancer cut them.
    for (int level = 0; level < h.hierarchy().levelCount(); level++) {
      List<String> map = Files.readAllLines(dir.resolve(MapExport.mapFile(level)));
      int l = level;
      long pieces = expected.pieces().stream().filter(p -> h.hierarchy().patch(p.patchId()).level() == l).count();
      assertThat(Integer.parseInt(map.get(0))).isEqualTo(pieces).isEqualTo(map.size() - 1);
      assertThat(Files.exists(dir.resolve(MapExport.boxesFile(level)))).isEqualTo(!expected.isWholeGrid());
    }
    JsonNode json = new ObjectMapper().readTree(dir.resolve(MapExport.JSON).toFile());
    assertThat(json.get("ranks").asInt()).isEqualTo(16);
    assertThat(json.get("report").get("imbalance").asDouble()).isEqualTo(want.imbalance());
  }

  @Test
  void theMapOfAWholeGridBalancerFollowsTheFilesBoxOrderAndEnzoGetsItsProcessorNumbers() throws IOException {
    Path file = DATA.resolve("enzo_IsolatedGalaxy_galaxy0030.hierarchy");
    Path dir = tmp.resolve("enzo");
    assertThat(run("balance", "--input", file.toString(), "--ranks", "8", "--write-map", dir.toString())).isZero();
    HierarchyFile h = HierarchyReaders.read(file);
    Assignment a = LoadBalancers.create("knapsack").balance(BalanceProblem.of(h.hierarchy(),
        Machine.fullyConnected(8)));
    List<Patch> level1 = h.hierarchy().level(1).stream().sorted(java.util.Comparator.comparingInt(Patch::id))
        .toList();
    List<String> map = Files.readAllLines(dir.resolve(MapExport.mapFile(1)));
    assertThat(map).hasSize(level1.size() + 1);
    for (int i = 0; i < level1.size(); i++) {
      assertThat(Integer.parseInt(map.get(i + 1))).isEqualTo(a.rankOf(level1.get(i).id()));
    }
    List<String> enzo = Files.readAllLines(dir.resolve(MapExport.ENZO));
    assertThat(enzo).hasSize(h.hierarchy().patchCount());
    assertThat(enzo.get(0)).isEqualTo("1 " + a.rankOf(1)); // Enzo numbers its grids from 1
  }

  @Test
  void severalRunsWriteOneFolderEach() {
    Path dir = tmp.resolve("many");
    assertThat(run("balance", "--input", DATA.resolve("chombo_testGrids.2d").toString(), "--balancer",
        "knapsack", "--ranks", "4,8", "--write-map", dir.toString())).isZero();
    assertThat(dir.resolve("chombo_testGrids.2d_knapsack_4").resolve(MapExport.JSON)).exists();
    assertThat(dir.resolve("chombo_testGrids.2d_knapsack_8").resolve(MapExport.JSON)).exists();
  }

  @Test
  void aDamagedMapIsRefusedNamingTheFileAndLine() throws IOException {
    Path file = DATA.resolve("chombo_testGrids.2d");
    Path dir = tmp.resolve("bad");
    assertThat(run("balance", "--input", file.toString(), "--ranks", "4", "--write-map", dir.toString())).isZero();
    Path level0 = dir.resolve(MapExport.mapFile(1)); // level 1 has many boxes
    List<String> lines = new java.util.ArrayList<>(Files.readAllLines(level0));
    lines.set(2, "7");
    Files.write(level0, lines);
    var h = HierarchyReaders.read(file).hierarchy();
    assertThatThrownBy(() -> MapExport.read(dir, h, 4)).hasMessageContaining(level0 + " line 3")
        .hasMessageContaining("not a rank in [0, 4)");
    lines.remove(2);
    Files.write(level0, lines);
    assertThatThrownBy(() -> MapExport.read(dir, h, 4)).hasMessageContaining(level0 + " line 1");
  }

  @Test
  void aPlotfileFolderIsAnInputAndAFolderWithoutHeaderIsAOneLineError() throws IOException {
    Path plt = tmp.resolve("plt00100");
    Files.createDirectories(plt.resolve("Level_1"));
    Files.copy(DATA.resolve("amrex_pelelmex_2d_Header"), plt.resolve("Header"));
    Files.copy(DATA.resolve("amrex_pelelmex_2d_Level_1_Cell_H"), plt.resolve("Level_1").resolve("Cell_H"));
    assertThat(run("balance", "--input", plt.toString(), "--ranks", "4", "--balancer", "round-robin", "--json"))
        .isZero();
    String viaFolder = out.toString(StandardCharsets.UTF_8);
    out.reset();
    assertThat(run("balance", "--input", plt.resolve("Header").toString(), "--ranks", "4", "--balancer",
        "round-robin", "--json")).isZero();
    assertThat(withoutTimes(viaFolder, plt)).isEqualTo(withoutTimes(out.toString(StandardCharsets.UTF_8), plt));
    assertThat(viaFolder).contains("recorded by the code");

    Path empty = Files.createDirectories(tmp.resolve("empty"));
    assertThat(run("balance", "--input", empty.toString())).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("is a folder with no Header").contains(empty.toString());
  }

  private static String withoutTimes(String json, Path plt) {
    return json.replace(plt.resolve("Header").toString(), "X").replaceAll("\"seconds\": [^}]*", "");
  }

  @Test
  void subcyclingOverheadAndMeasuredCostsChangeTheWorkAsStated() throws IOException {
    HierarchyFile f = HierarchyReaders.read(DATA.resolve("chombo_testGrids.2d"));
    var h = f.hierarchy();
    var sub = new BoxCosts(true, Map.of(), 5).apply(h);
    assertThat(h.levelCount()).isGreaterThan(2);
    for (Patch p : h.patches()) {
      long steps = 1; // the product of the ratios above the patch's level
      for (int l = 0; l < p.level(); l++) {
        steps *= h.ratios()[l];
      }
      assertThat(sub.patch(p.id()).work()).isEqualTo(p.work() * steps + 5);
    }
    Path csv = tmp.resolve("costs.csv");
    StringBuilder s = new StringBuilder("level,index,cost\n");
    for (int level = 0; level < h.levelCount(); level++) {
      for (int i = 0; i < h.level(level).size(); i++) {
        s.append(level).append(',').append(i).append(',').append(level * 100 + i).append('\n');
      }
    }
    Files.writeString(csv, s);
    var measured = new CostOptions(false, csv, 0).apply(f).hierarchy();
    Patch firstOfLevel1 = h.level(1).stream().min(java.util.Comparator.comparingInt(Patch::id)).orElseThrow();
    assertThat(measured.patch(firstOfLevel1.id()).work()).isEqualTo(100);

    Files.writeString(csv, "box,cost\n0,1\n0,2\n");
    assertThatThrownBy(() -> BoxCosts.readCsv(csv, h)).hasMessageContaining("box 0 is listed twice")
        .hasMessageContaining(csv + ":3");
    Files.writeString(csv, "box,cost\n0,-1\n");
    assertThatThrownBy(() -> BoxCosts.readCsv(csv, h)).hasMessageContaining("must be finite and >= 0");
    Files.writeString(csv, "box,cost\n0,1\n");
    assertThatThrownBy(() -> BoxCosts.readCsv(csv, h)).hasMessageContaining("lists 1 of the " + h.patchCount())
        .hasMessageContaining("box 1");
    Files.writeString(csv, "grid,work\n0,1\n");
    assertThatThrownBy(() -> BoxCosts.readCsv(csv, h)).hasMessageContaining("box,cost or level,index,cost");
  }

  @Test
  void costOptionsReachTheReport() {
    Path file = DATA.resolve("chombo_testGrids.2d");
    assertThat(run("balance", "--input", file.toString(), "--ranks", "4", "--json")).isZero();
    String plain = out.toString(StandardCharsets.UTF_8);
    out.reset();
    assertThat(run("balance", "--input", file.toString(), "--ranks", "4", "--json", "--subcycling", "on",
        "--box-overhead", "100")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).isNotEqualTo(plain);
    assertThat(run("balance", "--input", file.toString(), "--subcycling", "maybe")).isEqualTo(2);
    assertThat(run("balance", "--input", file.toString(), "--box-overhead", "-1")).isEqualTo(2);
  }
}
