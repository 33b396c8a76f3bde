package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.amrbalance.balancers.baselines.SpaceFillingCurve;
import org.amrbalance.balancers.baselines.SpaceFillingCurveBalancer;
import org.amrbalance.balancers.baselines.SpaceFillingCurveOptions;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Machine;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RealHierarchiesIT {
  static final Path DATA = Path.of("..").resolve(RealHierarchies.DEFAULT_DATA);
  /** One run of every file, balancer and rank count, shared by the tests that read its outputs (a run is ~20 s). */
  @TempDir
  static Path out;
  private static List<Path> files;
  private static String progressOfTheRun;

  @BeforeAll
  static void runOnce() throws Exception {
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    files = run(DATA, out, progress);
    progressOfTheRun = progress.toString(StandardCharsets.UTF_8);
  }

  private static List<Path> run(Path data, Path out, ByteArrayOutputStream progress) throws Exception {
    return new RealHierarchies(data, List.of(16, 64))
        .run(out, true, new PrintStream(progress, true, StandardCharsets.UTF_8));
  }

  @Test
  void oneRowPerFileBalancerAndRankCountWithPlots() throws Exception {
    List<String> csv = Files.readAllLines(out.resolve("real-hierarchies.csv"));
    List<String> header = List.of(csv.get(0).split(","));
    assertThat(header).startsWith("file", "format", "grids", "balancer", "ranks");
    int hierarchies = RealHierarchies.readAll(DATA).size();
    assertThat(hierarchies).isEqualTo(4); // Enzo, Chombo 2-D and 3-D, AMReX Header
    assertThat(csv).hasSize(1 + hierarchies * 3 * 2);
    Set<String> seen = new HashSet<>();
    for (String line : csv.subList(1, csv.size())) {
      String[] row = line.split(",");
      seen.add(row[0] + "/" + row[3] + "/" + row[4]);
      assertThat(Double.parseDouble(row[header.indexOf("imbalance")])).isGreaterThanOrEqualTo(1.0);
      assertThat(Double.parseDouble(row[header.indexOf("time_ms")])).isPositive();
      assertThat(Double.parseDouble(row[header.indexOf("total_comm")])).isGreaterThanOrEqualTo(0.0);
    }
    assertThat(seen).hasSize(hierarchies * 3 * 2);
    assertThat(csv).anyMatch(l -> l.startsWith("chombo_testGrids.2d,chombo,192,domain-decomposition,16,mesh(4x4)"));

    // The imbalance in the CSV is the one BalanceReport gives for the same balancer and machine.
    String row = csv.stream().filter(l -> l.startsWith("chombo_testGrids.2d,chombo,192,sfc-hilbert,64,")).findFirst()
        .orElseThrow();
    BalanceProblem problem = BalanceProblem.of(HierarchyReaders.read(DATA.resolve("chombo_testGrids.2d")).hierarchy(),
        Machine.mesh(8, 8));
    double expected = BalanceReport.of(problem, new SpaceFillingCurveBalancer(SpaceFillingCurve.HILBERT,
        SpaceFillingCurveOptions.defaults()).balance(problem)).imbalance();
    assertThat(Double.parseDouble(row.split(",")[header.indexOf("imbalance")])).isCloseTo(expected,
        Offset.offset(1e-5 * expected));

    // docs/benchmarks.md's table: that imbalance in the SFC column of its file's row for 64 ranks.
    String scaling = Files.readString(out.resolve("real-hierarchies-scaling.md"));
    String chombo = scaling.substring(scaling.indexOf("#### `chombo_testGrids.2d` (192 grids)"));
    String row64 = chombo.lines().filter(l -> l.startsWith("| 64 |")).findFirst().orElseThrow();
    assertThat(row64.split("\\|")[4].strip()).isEqualTo(RealHierarchies.threeDigits(expected));
    assertThat(chombo).contains("| ranks | imbalance DD | imbalance GI | imbalance SFC | comm. DD |");
    assertThat(RealHierarchies.threeDigits(1.1)).isEqualTo("1.1");
    assertThat(RealHierarchies.threeDigits(2)).isEqualTo("2");
    assertThat(RealHierarchies.threeDigits(16821)).isEqualTo("1.68e+04");
    assertThat(RealHierarchies.threeDigits(0.1474)).isEqualTo("0.147");

    // Time, imbalance and communication per file; one quality plot per file and rank count; two CSV files and four
    // Markdown tables.
    assertThat(files).hasSize(6 + hierarchies * 3 + hierarchies * 2);
    for (Path f : files) {
      if (!f.toString().endsWith(".csv") && !f.toString().endsWith(".md")) {
        assertThat(f.toString()).endsWith(".png");
        assertThat(ImageIO.read(f.toFile()).getWidth()).isEqualTo(800);
      }
    }
    assertThat(progressOfTheRun).contains("real-hierarchies: amrex_pelelmex_2d_Header");
  }

  @Test
  void aMissingFolderIsSkippedWithOneLine(@TempDir Path elsewhere) throws Exception {
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    assertThat(run(elsewhere.resolve("absent"), elsewhere, progress)).isEmpty();
    assertThat(progress.toString(StandardCharsets.UTF_8).trim().split("\n")).hasSize(1);
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("skipped");
  }

  @Test
  void everyBalancerIsPlacedAgainstTheCutToCellsBound() throws Exception {
    List<String> csv = Files.readAllLines(out.resolve("real-hierarchies-quality.csv"));
    List<String> header = List.of(csv.get(0).split(","));
    int balancers = org.amrbalance.config.BalancingModules.balancerNames().size();
    assertThat(csv).hasSize(1 + 4 * 2 * balancers);
    for (String line : csv.subList(1, csv.size())) {
      String[] row = line.split(",");
      double bound = Double.parseDouble(row[header.indexOf("cut_to_cells_bound")]);
      // No balancer beats the bound; the bound is a ratio of loads.
      assertThat(Double.parseDouble(row[header.indexOf("level_sync_efficiency")])).isLessThanOrEqualTo(bound + 1e-9);
      assertThat(bound).isBetween(0.0, 1.0);
    }
    // The Markdown table: one row per file and rank count, each balancer's cell from the CSV's row.
    List<String> md = Files.readAllLines(out.resolve("real-hierarchies-quality.md"));
    assertThat(md).hasSize(2 + 4 * 2);
    List<String> columns = List.of(md.get(0).substring(2, md.get(0).length() - 2).split(" \\| "));
    String knapsack = csv.stream().filter(l -> l.startsWith("chombo_testGrids.3d,") && l.contains(",knapsack,"))
        .findFirst().orElseThrow();
    String[] k = knapsack.split(",");
    String expected = String.format(java.util.Locale.ROOT, "%.3f / %.2e",
        Double.parseDouble(k[header.indexOf("level_sync_efficiency")]), Double.parseDouble(k[header.indexOf("total_comm")]));
    String mdRow = md.stream().filter(l -> l.startsWith("| chombo_testGrids.3d | " + k[1] + " |")).findFirst()
        .orElseThrow();
    assertThat(mdRow.substring(2, mdRow.length() - 2).split(" \\| ")[columns.indexOf("knapsack")]).isEqualTo(expected);
    // The options table: the default grid-packing column agrees with the quality table.
    List<String> options = Files.readAllLines(out.resolve("real-hierarchies-options.md"));
    assertThat(options).hasSize(2 + 4 * 2);
    String gp = mdRow.substring(2, mdRow.length() - 2).split(" \\| ")[columns.indexOf("grid-packing")];
    String optionRow = options.stream().filter(l -> l.startsWith("| chombo_testGrids.3d | " + k[1] + " |"))
        .findFirst().orElseThrow();
    assertThat(optionRow.substring(2, optionRow.length() - 2).split(" \\| ")[2]).isEqualTo(gp);
  }

  @Test
  void theCutToCellsBoundRoundsSharesUpToWholeCells() {
    // Level 0: 10 cells on 4 ranks, 2.5 each: some rank holds 3. Level 1: 8 cells of work 2 each (16 work) on 4
    // ranks, 4 each, and no cell is heavier than 2: 4. Bound (2.5 + 4) / (3 + 4).
    org.amrbalance.spi.Hierarchy h = org.amrbalance.spi.Hierarchy.of(org.amrbalance.spi.Box.ofSize(10), new int[] {2},
        List.of(org.amrbalance.spi.Patch.of(0, 0, org.amrbalance.spi.Box.ofSize(10)),
            org.amrbalance.spi.Patch.of(1, 1, org.amrbalance.spi.Box.of1d(0, 7)).withWork(16)));
    assertThat(RealHierarchies.cutToCellsBound(h, 4)).isCloseTo(6.5 / 7, Offset.offset(1e-12));
    // 64 ranks: level 0 needs a whole cell on the busiest rank (10/64 on average), level 1 a cell of work 2.
    assertThat(RealHierarchies.cutToCellsBound(h, 64)).isCloseTo((10.0 / 64 + 16.0 / 64) / (1 + 2),
        Offset.offset(1e-12));
  }
}
