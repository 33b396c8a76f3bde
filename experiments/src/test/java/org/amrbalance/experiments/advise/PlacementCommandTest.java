package org.amrbalance.experiments.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.amrbalance.balancers.LoadBalancers;
import org.amrbalance.experiments.Launcher;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.service.InheritingPlacement;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlacementCommandTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return new Launcher(List.of(new PlacementCommand())).run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  /** Four Chombo layouts (ratio 4): a refined band of 8 x 8 boxes that moves right by 8 fine cells a file. */
  private Path series() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("series"));
    for (int k = 0; k < 4; k++) {
      StringBuilder s = new StringBuilder("NumLevels = 2\nNumber of Grids on Level 0: 2\n");
      s.append("((0,0) (15,31) (0,0))[0] # ((16,0) (31,31) (0,0))[1]\n");
      int boxes = 3 + k % 2;
      s.append("Number of Grids on Level 1: ").append(2 * boxes).append('\n');
      for (int i = 0; i < boxes; i++) {
        for (int j = 0; j < 2; j++) {
          int x = 8 * k + 8 * i;
          int y = 16 + 24 * j;
          s.append(String.format("((%d,%d) (%d,%d) (0,0))[0] # ", x, y, x + 7, y + 7 + 8 * j));
        }
      }
      Files.writeString(dir.resolve(String.format("layout%03d.2d", k)), s.append('\n'));
    }
    return dir;
  }

  /** Efficiency and moved share counted cell by cell, with no MigrationPlan or BalanceReport. */
  private static double[] reference(List<Hierarchy> series, int ranks, double tolerance) {
    LoadBalancer first = LoadBalancers.create("knapsack", Map.of());
    Assignment placed = null;
    double efficiency = 0;
    long moved = 0;
    long cells = 0;
    for (Hierarchy h : series) {
      BalanceProblem problem = BalanceProblem.of(h, Machine.fullyConnected(ranks));
      Assignment next = placed == null ? first.balance(problem)
          : InheritingPlacement.withTolerance(tolerance).balance(problem.withPrevious(placed));
      if (placed != null) {
        Map<List<Integer>, Integer> before = owners(placed);
        for (Map.Entry<List<Integer>, Integer> cell : owners(next).entrySet()) {
          Integer old = before.get(cell.getKey());
          moved += old != null && !old.equals(cell.getValue()) ? 1 : 0;
          cells++;
        }
      }
      double[][] load = new double[h.levelCount()][ranks];
      for (Piece p : next.pieces()) {
        load[h.patch(p.patchId()).level()][p.rank()] += p.box().volume();
      }
      double sum = 0;
      double makespan = 0;
      for (double[] level : load) {
        double max = 0;
        for (double l : level) {
          sum += l;
          max = Math.max(max, l);
        }
        makespan += max;
      }
      efficiency += sum / ranks / makespan;
      placed = next;
    }
    return new double[] {efficiency / series.size(), (double) moved / cells};
  }

  /** (level, x, y) -> rank of every cell an assignment places. */
  private static Map<List<Integer>, Integer> owners(Assignment a) {
    Map<List<Integer>, Integer> owner = new HashMap<>();
    for (Piece p : a.pieces()) {
      Patch patch = a.hierarchy().patch(p.patchId());
      for (int x = p.box().lo(0); x <= p.box().hi(0); x++) {
        for (int y = p.box().lo(1); y <= p.box().hi(1); y++) {
          owner.put(List.of(patch.level(), x, y), p.rank());
        }
      }
    }
    return owner;
  }

  @Test
  void theReplayCountsWhatACellByCellReferenceCounts() throws IOException {
    List<Hierarchy> series = HierarchySeries.files(series()).stream().map(f -> {
      try {
        return HierarchyReaders.read(f).hierarchy();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }).toList();
    for (int ranks : new int[] {2, 3}) {
      for (double t : new double[] {1, 1.05, 1.5, Double.POSITIVE_INFINITY}) {
        PlacementReplay.Result r = PlacementReplay.replay(series, LoadBalancers.create("knapsack", Map.of()), ranks, t);
        double[] expected = reference(series, ranks, t);
        assertThat(r.efficiency()).as("ranks %d, t %s", ranks, t).isCloseTo(expected[0], within(1e-12));
        assertThat(r.movedShare()).as("ranks %d, t %s", ranks, t).isCloseTo(expected[1], within(1e-12));
      }
    }
    // The band moves each file, so a bound passes new boxes away from their data: looser keeps more in place.
    PlacementReplay.Result tight = PlacementReplay.replay(series, LoadBalancers.create("knapsack", Map.of()), 2, 1);
    PlacementReplay.Result loose = PlacementReplay.replay(series, LoadBalancers.create("knapsack", Map.of()), 2,
        Double.POSITIVE_INFINITY);
    assertThat(tight.efficiency()).isGreaterThan(loose.efficiency());
    assertThat(tight.movedShare()).isGreaterThan(loose.movedShare());
  }

  @Test
  void theTableMarksTheDefaultAndBadOptionsExitTwo() throws IOException {
    Path series = series();
    assertThat(run("placement", "--input", series.toString(), "--ranks", "2", "--tolerance", "1,"
        + InheritingPlacement.DEFAULT_TOLERANCE + ",Infinity")).isEqualTo(0);
    String table = out.toString(StandardCharsets.UTF_8);
    assertThat(table).contains("4 hierarchies").contains("| 2 | Infinity |")
        .containsOnlyOnce("(default)");
    assertThat(run("placement", "--input", series.toString(), "--tolerance", "0.9")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--tolerance = 0.9");
    assertThat(run("placement", "--input", series.toString(), "--balancer", "nearest")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--balancer nearest");
    assertThat(run("placement")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--input");
  }
}
