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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RealHierarchiesTest {
  static final Path DATA = Path.of("..").resolve(RealHierarchies.DEFAULT_DATA);
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  private List<Path> run(Path data, Path out) throws Exception {
    return new RealHierarchies(data, List.of(16, 64))
        .run(out, true, new PrintStream(progress, true, StandardCharsets.UTF_8));
  }

  @Test
  void oneRowPerFileBalancerAndRankCountWithPlots(@TempDir Path out) throws Exception {
    List<Path> files = run(DATA, out);
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

    assertThat(files).hasSize(1 + hierarchies * 3);
    for (Path f : files.subList(1, files.size())) {
      assertThat(f.toString()).endsWith(".png");
      assertThat(ImageIO.read(f.toFile()).getWidth()).isEqualTo(800);
    }
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("real-hierarchies: amrex_pelelmex_2d_Header");
  }

  @Test
  void aMissingFolderIsSkippedWithOneLine(@TempDir Path out) throws Exception {
    assertThat(run(out.resolve("absent"), out)).isEmpty();
    assertThat(progress.toString(StandardCharsets.UTF_8).trim().split("\n")).hasSize(1);
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("skipped");
  }
}
