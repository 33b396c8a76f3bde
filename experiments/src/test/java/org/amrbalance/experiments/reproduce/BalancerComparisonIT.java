package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BalancerComparisonIT {
  private static final Path CHOMBO = BalancerComparison.defaultDataFolder().resolve("chombo_testGrids.2d");

  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  private List<Path> run(BalancerComparison c, Path out) throws Exception {
    return c.run(out, true, new PrintStream(progress, true, StandardCharsets.UTF_8));
  }

  /** The CSV as maps from column to cell. */
  static List<Map<String, String>> readCsv(Path csv) throws Exception {
    List<String> lines = Files.readAllLines(csv);
    String[] header = lines.get(0).split(",");
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",");
      assertThat(cells).as(line).hasSize(header.length);
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.length; i++) {
        row.put(header[i], cells[i]);
      }
      rows.add(row);
    }
    return rows;
  }

  static double num(Map<String, String> row, String column) {
    return Double.parseDouble(row.get(column));
  }

  @Test
  void theDefaultDataFolderIsFoundFromAModuleFolderAndCanBeOverridden() {
    // Tests run in the experiments module folder: the default resolves through the parent directory.
    assertThat(BalancerComparison.defaultDataFolder()).isDirectory();
    assertThat(BalancerComparison.defaultDataFolder().endsWith(BalancerComparison.DEFAULT_DATA)).isTrue();
    String before = System.getProperty("amrbalance.data");
    try {
      System.setProperty("amrbalance.data", "elsewhere");
      assertThat(BalancerComparison.defaultDataFolder()).isEqualTo(Path.of("elsewhere"));
    } finally {
      if (before == null) {
        System.clearProperty("amrbalance.data");
      } else {
        System.setProperty("amrbalance.data", before);
      }
    }
  }

  @Test
  void comparesEveryBalancerOnGeneratedAndReal2dHierarchies(@TempDir Path dir) throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.copy(CHOMBO, data.resolve("chombo_testGrids.2d"));
    Files.writeString(data.resolve("notes.txt"), "not a hierarchy\n");
    Path out = dir.resolve("out");
    List<Path> files = run(new BalancerComparison(data, 1, 1, new int[] {4, 8}, new int[] {4, 8}), out);

    List<Map<String, String>> rows = readCsv(out.resolve("compare-balancers.csv"));
    assertThat(Files.readAllLines(out.resolve("compare-balancers.csv")).get(0)).isEqualTo("input,ranks,balancer,runs,"
        + "efficiency,level_sync_efficiency,intra_grid_comm,inter_grid_comm,empty_ranks,pieces,balance_ms");
    // generated: 3 meshes x 8 balancers; the Chombo file: 2 meshes x 8 balancers; the text file is skipped.
    assertThat(rows).hasSize(24 + 16);
    assertThat(rows.stream().map(r -> r.get("input")).distinct()).containsExactly("generated", "chombo_testGrids.2d");
    for (Map<String, String> r : rows) {
      assertThat(BalancerComparison.BALANCERS).contains(r.get("balancer"));
      double eff = num(r, "efficiency");
      double sync = num(r, "level_sync_efficiency");
      assertThat(eff).as(r.toString()).isGreaterThan(0).isLessThanOrEqualTo(1);
      // Summing per-level maxima can only lengthen the makespan.
      assertThat(sync).as(r.toString()).isGreaterThan(0).isLessThanOrEqualTo(eff + 1e-9);
      assertThat(num(r, "empty_ranks")).isBetween(0.0, num(r, "ranks") - 1);
      if (Set.of("grid-indivisibility", "knapsack", "sfc-hilbert").contains(r.get("balancer"))) {
        assertThat(num(r, "intra_grid_comm")).as("whole grids never split: " + r).isZero();
      }
      if (r.get("input").equals("chombo_testGrids.2d")) {
        assertThat(num(r, "runs")).isEqualTo(1);
        if (Set.of("grid-indivisibility", "knapsack", "sfc-hilbert").contains(r.get("balancer"))) {
          assertThat(num(r, "pieces")).as("whole grids: one piece per patch").isEqualTo(192);
        }
      }
    }
    assertThat(rows.stream().map(r -> r.get("ranks")).distinct()).containsExactly("16", "64", "256");
    Map<String, String> packing64 = find(rows, "chombo_testGrids.2d", "64", "grid-packing");
    Map<String, String> indivisible64 = find(rows, "chombo_testGrids.2d", "64", "grid-indivisibility");
    // 1/53/138 grids on 64 ranks: packing keeps every rank busy, whole grids cannot.
    assertThat(num(packing64, "empty_ranks")).isZero();
    assertThat(num(packing64, "efficiency")).isGreaterThan(num(indivisible64, "efficiency"));
    assertThat(num(packing64, "intra_grid_comm")).isPositive();

    // The section 5.4 hop cap keeps children near their parents: less inter-grid traffic on many ranks.
    assertThat(num(find(rows, "generated", "256", "grid-packing allocation=packing hop-cap=1"), "inter_grid_comm"))
        .isLessThan(num(find(rows, "generated", "256", "grid-packing allocation=packing"), "inter_grid_comm"));

    String md = Files.readString(out.resolve("compare-balancers.md"));
    assertThat(md).contains("## generated", "## chombo_testGrids.2d", "| 64 | grid-packing |",
        "| ranks | balancer | efficiency | level-sync efficiency |");
    // The docs' table: a cell is the CSV row's efficiency / sync / intra / inter, rounded as the docs print them.
    String summary = Files.readString(out.resolve("compare-balancers-summary.md"));
    String cell = String.format(java.util.Locale.ROOT, "%.2f / %.2f / %s / %s", num(packing64, "efficiency"),
        num(packing64, "level_sync_efficiency"), BalancerComparison.traffic(num(packing64, "intra_grid_comm")),
        BalancerComparison.traffic(num(packing64, "inter_grid_comm")));
    String chombo = summary.substring(summary.indexOf("`chombo_testGrids.2d`:"));
    assertThat(chombo).startsWith("`chombo_testGrids.2d`:\n\n| balancer | 16 ranks | 64 ranks |\n");
    assertThat(chombo.lines().filter(l -> l.startsWith("| grid-packing | ")).findFirst().orElseThrow())
        .endsWith(" | " + cell + " |");
    assertThat(BalancerComparison.traffic(572.4)).isEqualTo("572");
    assertThat(BalancerComparison.traffic(14_412)).isEqualTo("1.44e4");
    assertThat(BalancerComparison.traffic(99_960)).isEqualTo("1.00e5");
    List<Path> pngs = files.stream().filter(f -> f.toString().endsWith(".png")).toList();
    assertThat(pngs).hasSize(8);
    for (Path png : pngs) {
      BufferedImage img = ImageIO.read(png.toFile());
      assertThat(img.getWidth()).isEqualTo(800);
      assertThat(img.getHeight()).isEqualTo(560);
    }
    assertThat(out.resolve("compare-balancers-chombo-testGrids-2d-inter-grid-comm.png")).exists();
    try (Stream<Path> list = Files.list(out)) {
      assertThat(list.count()).isEqualTo(files.size());
    }
  }

  @Test
  void aMissingDataFolderIsSkippedWithAMessage(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("no-such-folder");
    run(new BalancerComparison(missing, 1, 1, new int[] {4}, new int[] {4}), dir);
    assertThat(progress.toString(StandardCharsets.UTF_8))
        .contains("no hierarchy folder " + missing + "; real hierarchies skipped");
    List<Map<String, String>> rows = readCsv(dir.resolve("compare-balancers.csv"));
    assertThat(rows).hasSize(24).allMatch(r -> r.get("input").equals("generated"));
  }

  @Test
  void badSettingsAreRejectedNamingTheField() {
    assertThatThrownBy(() -> new BalancerComparison(Path.of("x"), 0, 1, new int[] {4}, new int[] {4}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("quickSeeds = 0");
    assertThatThrownBy(() -> new BalancerComparison(Path.of("x"), 1, 1, new int[] {0}, new int[] {4}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("realMeshSidesQuick = [0]");
  }

  private static Map<String, String> find(List<Map<String, String>> rows, String input, String ranks,
      String balancer) {
    return rows.stream().filter(r -> r.get("input").equals(input) && r.get("ranks").equals(ranks)
        && r.get("balancer").equals(balancer)).findFirst().orElseThrow();
  }
}
