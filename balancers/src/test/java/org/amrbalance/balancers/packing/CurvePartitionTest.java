package org.amrbalance.balancers.packing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

/** The default allocation of grid-packing: by volume along a curve, cut in every axis, evened out. */
class CurvePartitionTest {
  /** Checks, cell by cell, that the boxes tile {@code whole} exactly. */
  private static void assertTiles(Box whole, List<Box> boxes) {
    long sum = 0;
    for (Box b : boxes) {
      assertThat(whole.contains(b)).as("%s inside %s", b, whole).isTrue();
      sum += b.volume();
    }
    assertThat(sum).isEqualTo(whole.volume());
    for (int i = 0; i < boxes.size(); i++) {
      for (int j = i + 1; j < boxes.size(); j++) {
        assertThat(boxes.get(i).intersects(boxes.get(j))).as("%s and %s", boxes.get(i), boxes.get(j)).isFalse();
      }
    }
  }

  /** Every piece at least {@code minEdge} thick along every axis its patch was cut across. */
  private static void assertMinEdge(Box patch, Box piece, int minEdge) {
    for (int d = 0; d < patch.dim(); d++) {
      assertThat(piece.length(d)).as("%s of %s along %d", piece, patch, d)
          .isGreaterThanOrEqualTo(Math.min(minEdge, patch.length(d)));
    }
  }

  private static double[] levelLoads(Hierarchy h, Assignment a, int level, int ranks) {
    double[] load = new double[ranks];
    for (Patch p : h.level(level)) {
      for (Piece piece : a.piecesOf(p.id())) {
        load[piece.rank()] += p.work() * piece.box().volume() / p.box().volume();
      }
    }
    return load;
  }

  private static double efficiency(double[] load) {
    double sum = 0;
    double max = 0;
    for (double l : load) {
      sum += l;
      max = Math.max(max, l);
    }
    return sum / load.length / max;
  }

  @Test
  void bisectionTilesTheBoxIntoAsManyPartsAsItsCapacityAllows() {
    Random rnd = new Random(3);
    for (int trial = 0; trial < 300; trial++) {
      int dim = 1 + rnd.nextInt(3);
      int[] size = new int[dim];
      for (int d = 0; d < dim; d++) {
        size[d] = 1 + rnd.nextInt(40);
      }
      Box box = Box.ofSize(size);
      int minEdge = 1 + rnd.nextInt(8);
      long capacity = WeightedBisection.capacity(box, minEdge);
      int parts = (int) Math.min(capacity, 1 + rnd.nextInt(12));
      double[] w = new double[parts];
      for (int k = 0; k < parts; k++) {
        w[k] = 0.1 + rnd.nextDouble();
      }
      List<List<Box>> cut = WeightedBisection.cut(box, w, minEdge);
      assertThat(cut).as("%s into %d parts of edge %d", box, parts, minEdge).isNotNull();
      List<Box> all = new ArrayList<>();
      for (List<Box> part : cut) {
        assertThat(part).isNotEmpty();
        all.addAll(part);
      }
      assertTiles(box, all);
      for (Box b : all) {
        assertMinEdge(box, b, minEdge);
      }
    }
  }

  @Test
  void randomHierarchiesAreTiledWithPiecesNoThinnerThanTheMinimumEdge() {
    for (int dim = 1; dim <= 3; dim++) {
      RandomHierarchies gen = RandomHierarchies.defaults().dim(dim).baseSize(dim == 3 ? 16 : 64).levels(3)
          .maxChildren(4).rootTiles(3);
      for (long seed = 0; seed < 6; seed++) {
        Hierarchy h = gen.generate(seed);
        for (int ranks : new int[] {1, 3, 16, 100}) {
          for (int minEdge : new int[] {1, 4, 8}) {
            GridPackingBalancer b = new GridPackingBalancer(GridPackingOptions.defaults().withMinPieceEdge(minEdge));
            Assignment a = b.balance(BalanceProblem.of(h, Machine.fullyConnected(ranks)));
            for (Patch p : h.patches()) {
              List<Box> boxes = a.piecesOf(p.id()).stream().map(Piece::box).toList();
              assertTiles(p.box(), boxes);
              for (Box piece : boxes) {
                assertMinEdge(p.box(), piece, minEdge);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void equalGridsFewerThanRanksLeaveNoRankIdle() {
    // 32 equal 16x16 grids on 64 ranks: the thesis's allocation left 10 ranks idle (level efficiency 0.50).
    List<Patch> patches = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      patches.add(Patch.of(i, 0, Box.of2d(16 * (i % 8), 16 * (i / 8), 16 * (i % 8) + 15, 16 * (i / 8) + 15)));
    }
    Hierarchy h = Hierarchy.of(Box.ofSize(128, 64), new int[0], patches);
    Assignment a = GridPackingBalancer.defaults().balance(BalanceProblem.of(h, Machine.fullyConnected(64)));
    double[] load = levelLoads(h, a, 0, 64);
    for (double l : load) {
      assertThat(l).isPositive();
    }
    assertThat(efficiency(load)).isGreaterThan(0.95);
  }

  @Test
  void moreGridsThanRanksAreStillCutToBalance() {
    // 100 grids of 32x32 on 64 ranks: whole grids give at best 2 grids (2048 cells) against 1600 on average.
    List<Patch> patches = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      patches.add(Patch.of(i, 0, Box.of2d(32 * (i % 10), 32 * (i / 10), 32 * (i % 10) + 31, 32 * (i / 10) + 31)));
    }
    Hierarchy h = Hierarchy.of(Box.ofSize(320, 320), new int[0], patches);
    Assignment a = GridPackingBalancer.defaults().balance(BalanceProblem.of(h, Machine.fullyConnected(64)));
    assertThat(efficiency(levelLoads(h, a, 0, 64))).isGreaterThan(0.95);
  }

  @Test
  void aThreeDimensionalGridGetsProcessorsByVolumeAndIsCutInZ() {
    // A 16x28x64 grid beside a flat 64x64x16 one: by x-y footprint the tall grid would get 4 of 46 processors
    // (448 of 4,544 footprint cells) where 14 are fair by volume (28,672 of 94,208 cells), and no cut along z.
    Patch tall = Patch.of(0, 0, Box.of3d(0, 0, 0, 15, 27, 63));
    Patch flat = Patch.of(1, 0, Box.of3d(32, 0, 0, 95, 63, 15));
    Hierarchy h = Hierarchy.of(Box.ofSize(128, 128, 128), new int[0], List.of(tall, flat));
    int ranks = 46;
    Assignment a = GridPackingBalancer.defaults().balance(BalanceProblem.of(h, Machine.fullyConnected(ranks)));
    double[] ofTall = new double[ranks];
    Set<Integer> zStarts = new HashSet<>();
    for (Piece p : a.piecesOf(0)) {
      ofTall[p.rank()] += p.box().volume();
      zStarts.add(p.box().lo(2));
    }
    // Ranks that work mainly on the tall grid (at least half a share of it; shaving may hand out small corners).
    double share = 94208.0 / ranks;
    int mainly = 0;
    for (double cells : ofTall) {
      mainly += cells >= share / 2 ? 1 : 0;
    }
    double fair = ranks * 28672.0 / 94208;
    assertThat((double) mainly).isBetween(fair - 1.5, fair + 1.5);
    assertThat(zStarts.size()).isGreaterThan(1);
    assertThat(efficiency(levelLoads(h, a, 0, ranks))).isGreaterThan(0.9);
  }

  @Test
  void shavingNeverRaisesALevelsMaximum() {
    RandomHierarchies gen = RandomHierarchies.defaults().dim(3).baseSize(16).levels(3).maxChildren(4).rootTiles(2);
    for (long seed = 0; seed < 8; seed++) {
      Hierarchy h = gen.generate(seed);
      int ranks = 7 + (int) seed * 5;
      for (int level = 0; level < h.levelCount(); level++) {
        List<Piece> before = CurvePartition.partition(h, h.level(level), ranks, 4, 0);
        // The same partition without shaving: the pieces of the curve alone, shaved zero times.
        java.util.Map<Integer, Double> density = new java.util.HashMap<>();
        for (Patch p : h.level(level)) {
          density.put(p.id(), p.work() / p.box().volume());
        }
        List<Piece> again = PieceShaving.shave(before, density, ranks, 4, 10 * ranks);
        double maxBefore = max(before, density, ranks);
        assertThat(max(again, density, ranks)).isLessThanOrEqualTo(maxBefore * (1 + 1e-12));
      }
    }
  }

  @Test
  void whenEveryCornerIsLargerThanTheGapTheLightRankGivesOneBack() {
    // Rank 0 holds one 10 x 14 x 7 piece (980 cells): with edges of at least 4, the least it can give is a 4 x 4 x 7
    // column (112 cells), more than the gap to rank 1 (874 cells: 810 + 64), so a single move only makes it worse.
    List<Piece> pieces = List.of(
        Piece.of(1, org.amrbalance.spi.Box.of3d(0, 0, 0, 9, 13, 6), 0),
        Piece.of(2, org.amrbalance.spi.Box.of3d(20, 0, 0, 28, 5, 14), 1),
        Piece.of(3, org.amrbalance.spi.Box.of3d(40, 0, 0, 43, 3, 3), 1));
    java.util.Map<Integer, Double> density = java.util.Map.of(1, 1.0, 2, 1.0, 3, 1.0);
    List<Piece> after = PieceShaving.shave(pieces, density, 2, 4, 10);
    assertThat(max(after, density, 2)).isLessThan(980);
    for (int patch = 1; patch <= 3; patch++) {
      int id = patch;
      long before = pieces.stream().filter(p -> p.patchId() == id).mapToLong(p -> p.box().volume()).sum();
      List<Piece> of = after.stream().filter(p -> p.patchId() == id).toList();
      assertThat(of.stream().mapToLong(p -> p.box().volume()).sum()).isEqualTo(before);
      for (int i = 0; i < of.size(); i++) {
        for (int j = i + 1; j < of.size(); j++) {
          assertThat(of.get(i).box().intersects(of.get(j).box())).isFalse();
        }
      }
    }
    for (Piece p : after) {
      for (int d = 0; d < 3; d++) {
        assertThat(p.box().length(d)).isGreaterThanOrEqualTo(4);
      }
    }
  }

  private static double max(List<Piece> pieces, java.util.Map<Integer, Double> density, int ranks) {
    double[] load = new double[ranks];
    for (Piece p : pieces) {
      load[p.rank()] += density.get(p.patchId()) * p.box().volume();
    }
    double m = 0;
    for (double l : load) {
      m = Math.max(m, l);
    }
    return m;
  }
}
