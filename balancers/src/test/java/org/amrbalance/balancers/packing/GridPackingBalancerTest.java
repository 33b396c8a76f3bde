package org.amrbalance.balancers.packing;

import org.amrbalance.balancers.LoadBalancers;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.LoadBalancer;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.spi.Topology;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;

class GridPackingBalancerTest {
  /** The thesis's allocation, which these tests are about (the default allocation is by volume along a curve). */
  private static final GridPackingOptions THESIS = GridPackingOptions.defaults().withAllocation(Allocation.PACKING);


  /** Ranks of the pieces of each patch; on one level no rank serves two patches (disjoint blocks). */
  static void assertLevelsUseDisjointRanks(Assignment a, String ctx) {
    Hierarchy h = a.hierarchy();
    for (int level = 0; level < h.levelCount(); level++) {
      if (h.level(level).size() > a.ranks()) {
        continue; // the whole-grid fallback shares ranks by design
      }
      Map<Integer, Integer> owner = new HashMap<>();
      for (Patch p : h.level(level)) {
        assertThat(a.piecesOf(p.id())).as(ctx).isNotEmpty();
        for (Piece piece : a.piecesOf(p.id())) {
          Integer before = owner.put(piece.rank(), p.id());
          assertThat(before == null || before == p.id())
              .as("%s: rank %d serves patches %s and %d on level %d", ctx, piece.rank(), before, p.id(), level)
              .isTrue();
        }
      }
    }
  }

  @Test
  void propertyRandomHierarchiesOnMeshesHypercubesAndClusters() {
    Random rnd = new Random(57L);
    LoadBalancer[] balancers = {new GridPackingBalancer(THESIS), ShelfPackingBalancer.defaults(),
        new GridPackingBalancer(THESIS.withScaling(Scaling.UNIFORM)),
        new GridPackingBalancer(THESIS.withHopCap(2))};
    for (int t = 0; t < 240; t++) {
      Hierarchy h = RandomHierarchies.defaults().dim(t % 7 == 0 ? 3 : t % 11 == 0 ? 1 : 2)
          .baseSize(16 + rnd.nextInt(33)).levels(1 + rnd.nextInt(3)).maxChildren(1 + rnd.nextInt(4))
          .generate(rnd.nextLong());
      Machine machine = switch (t % 3) {
        case 0 -> Machine.mesh(1 + rnd.nextInt(12), 1 + rnd.nextInt(12));
        case 1 -> Machine.hypercube(1 << rnd.nextInt(7));
        default -> Machine.fullyConnected(1 + rnd.nextInt(60));
      };
      BalanceProblem problem = BalanceProblem.of(h, machine);
      for (LoadBalancer b : balancers) {
        Assignment a = b.balance(problem); // Assignment.of checks that the pieces tile every patch
        assertLevelsUseDisjointRanks(a, "instance " + t + " " + b.getClass().getSimpleName() + " " + machine);
        BalanceReport r = BalanceReport.of(problem, a);
        assertThat(r.maxLoad()).as("instance %d", t).isGreaterThan(0);
      }
    }
  }

  @Test
  void oneBigGridUsesTheWholeMeshEvenly() {
    Hierarchy h = Hierarchy.of(Box.ofSize(64, 32), new int[0], List.of(Patch.of(0, 0, Box.ofSize(64, 32))));
    BalanceProblem problem = BalanceProblem.of(h, Machine.mesh(8, 4));
    BalanceReport r = BalanceReport.of(problem, new GridPackingBalancer(THESIS).balance(problem));
    assertThat(r.emptyRanks()).isZero();
    assertThat(r.imbalance()).isEqualTo(1.0);
    assertThat(r.pieces()).isEqualTo(32);
  }

  @Test
  void aGridWithFewerCellsThanItsBlockLeavesTheRestOfTheBlockIdle() {
    // One 3x2 grid alone on a 4x4 mesh gets the whole mesh; it can be cut only into 3x2 one-cell pieces.
    Hierarchy h = Hierarchy.of(Box.ofSize(3, 2), new int[0], List.of(Patch.of(0, 0, Box.ofSize(3, 2))));
    BalanceProblem problem = BalanceProblem.of(h, Machine.mesh(4, 4));
    Assignment a = new GridPackingBalancer(THESIS).balance(problem);
    assertThat(a.pieces()).hasSize(6);
    assertThat(a.pieces()).allMatch(p -> p.box().volume() == 1);
    assertThat(BalanceReport.of(problem, a).emptyRanks()).isEqualTo(10);
  }

  @Test
  void tpBalancesRandomLevelsWell() {
    // 40 grids of 20..60 points a side on a 32x32 mesh, as in the thesis's experiments: the load of the
    // busiest processor stays within a small factor of the average.
    Random rnd = new Random(40L);
    List<Patch> patches = new ArrayList<>();
    patches.add(Patch.of(0, 0, Box.ofSize(1024, 1024)));
    int id = 1;
    Set<Box> used = new HashSet<>();
    while (patches.size() < 41) {
      int w = 20 + rnd.nextInt(41);
      int hh = 20 + rnd.nextInt(41);
      int x = rnd.nextInt(32) * 64;
      int y = rnd.nextInt(32) * 64;
      Box b = Box.of2d(x, y, x + w - 1, y + hh - 1);
      Box cell = Box.of2d(x, y, x + 63, y + 63);
      if (used.add(cell)) {
        patches.add(Patch.of(id++, 1, b));
      }
    }
    Hierarchy h = Hierarchy.of(Box.ofSize(1024, 1024), new int[] {2}, patches);
    BalanceProblem problem = BalanceProblem.of(h, Machine.mesh(32, 32));
    Assignment a = new GridPackingBalancer(THESIS).balance(problem);
    // Judge level 1 alone (level 0 is one grid over the whole mesh): every rank holds at most one level-1
    // piece, so the level-1 loads are the report's loads on a hierarchy without the level-0 work.
    Hierarchy fine = Hierarchy.of(Box.ofSize(1024, 1024), new int[] {2},
        patches.stream().map(p -> p.level() == 0 ? p.withWork(0) : p).toList());
    BalanceProblem fineProblem = BalanceProblem.of(fine, Machine.mesh(32, 32));
    BalanceReport r = BalanceReport.of(fineProblem, Assignment.of(fine, 1024, a.pieces()));
    // Non-uniform scaling of a TP packing: few idle processors and a bounded imbalance.
    assertThat(r.emptyRanks()).isLessThan(1024 / 4);
    assertThat(r.imbalance()).isLessThan(2.0);
  }

  @Test
  void theDeclarationsBuildTheBalancersByName() {
    assertThat(LoadBalancers.create("grid-packing")).isInstanceOf(GridPackingBalancer.class);
    assertThat(LoadBalancers.create("shelf-packing")).isInstanceOf(ShelfPackingBalancer.class);
    GridPackingOptions opts = GridPackingOptions.defaults().withOrder(PackingOrder.DECREASING_LONG_SIDE).withHopCap(3);
    GridPackingBalancer b = (GridPackingBalancer) LoadBalancers.create("grid-packing",
        java.util.Map.of("order", "decreasing-long-side", "hop-cap", "3"));
    assertThat(b.options()).isEqualTo(opts);
  }

  @Test
  void optionsRejectOutOfRangeValuesNamingTheOption() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> THESIS.withHopCap(-2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("hop-cap = -2");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ShelfPackingOptions.defaults().withGrowth(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("growth = 0.0");
  }

  @Test
  void hopCapKeepsChildrenNearTheirParents() {
    Random rnd = new Random(54L);
    int checked = 0;
    int violations = 0;
    for (int t = 0; t < 150; t++) {
      Hierarchy h = RandomHierarchies.defaults().baseSize(32).levels(2).rootTiles(1 + rnd.nextInt(3))
          .maxChildren(1 + rnd.nextInt(4)).generate(rnd.nextLong());
      int p = 4 + rnd.nextInt(9);
      int q = 4 + rnd.nextInt(9);
      ProcessorGrid grid = ProcessorGrid.of(Topology.mesh(p, q));
      int cap = rnd.nextInt(4);
      SubMeshAllocator inner = SubMeshAllocator.of(TightPacker.defaults(), Scaling.NON_UNIFORM);
      List<Item> parents = new ArrayList<>();
      h.level(0).forEach(x -> parents.add(GridCutter.itemOf(x)));
      SubMeshAllocation parentAlloc = inner.allocate(parents, grid);
      List<Item> children = new ArrayList<>();
      Map<Integer, Block> parentBlock = new HashMap<>();
      for (Patch c : h.level(1)) {
        children.add(GridCutter.itemOf(c));
        parentBlock.put(c.id(), parentAlloc.block(h.parents(c.id())[0]));
      }
      if (children.isEmpty() || children.size() > grid.size()) {
        continue;
      }
      SubMeshAllocation a = HopCappedAllocator.of(inner, cap).allocate(children, parentBlock, grid);
      SubMeshAllocatorTest.assertBlocksValid(children, a, "instance " + t);
      int over = 0;
      for (Item c : children) {
        over += a.block(c.id()).reachFrom(parentBlock.get(c.id())) > cap ? 1 : 0;
        checked++;
      }
      assertThat(over).as("instance %d", t).isEqualTo(a.capViolations());
      violations += over;
      // A cap as large as the mesh is no constraint: the same blocks as packing onto the whole mesh.
      SubMeshAllocation free = HopCappedAllocator.of(inner, p + q).allocate(children, parentBlock, grid);
      assertThat(free.blocks()).isEqualTo(inner.allocate(children, grid).blocks());
    }
    assertThat(checked).isGreaterThan(200);
    assertThat(violations).isLessThan(checked / 10);
  }

  @Test
  void hopCapLowersInterGridTrafficOnMeshesAndHypercubes() {
    hopCapLowersInterGridTraffic(Machine.mesh(16, 16));
    hopCapLowersInterGridTraffic(Machine.hypercube(256));
  }

  private static void hopCapLowersInterGridTraffic(Machine machine) {
    Random rnd = new Random(99L);
    double capped = 0;
    double free = 0;
    for (int t = 0; t < 15; t++) {
      Hierarchy h = RandomHierarchies.defaults().baseSize(64).levels(3).rootTiles(3).maxChildren(3)
          .generate(rnd.nextLong());
      BalanceProblem problem = BalanceProblem.of(h, machine);
      capped += BalanceReport.of(problem,
          new GridPackingBalancer(THESIS.withHopCap(0)).balance(problem))
          .interGridCommunication();
      free += BalanceReport.of(problem, new GridPackingBalancer(THESIS).balance(problem)).interGridCommunication();
    }
    assertThat(capped).as("%s", machine).isLessThan(free);
  }

  @Test
  void balancingIsDeterministic() {
    Hierarchy h = RandomHierarchies.defaults().levels(3).generate(7L);
    BalanceProblem problem = BalanceProblem.of(h, Machine.hypercube(64));
    assertThat(new GridPackingBalancer(THESIS).balance(problem))
        .isEqualTo(new GridPackingBalancer(THESIS).balance(problem));
  }

  @Test
  void linearInterGridAllocationOf1dHierarchiesIsValidAndCheaperInInterGridTraffic() {
    Random rnd = new Random(541L);
    GridPackingBalancer linear = new GridPackingBalancer(
        THESIS.withLinearInterGrid(true).withPacketSize(16));
    double linearInter = 0;
    double packedInter = 0;
    for (int t = 0; t < 60; t++) {
      Hierarchy h = RandomHierarchies.defaults().dim(1).baseSize(64 + rnd.nextInt(64)).levels(3).rootTiles(2)
          .maxChildren(1 + rnd.nextInt(3)).generate(rnd.nextLong());
      Machine machine = switch (t % 3) {
        case 0 -> Machine.mesh(4 + rnd.nextInt(5), 1 + rnd.nextInt(4));
        case 1 -> Machine.hypercube(1 << (2 + rnd.nextInt(4)));
        default -> Machine.fullyConnected(4 + rnd.nextInt(30));
      };
      BalanceProblem problem = BalanceProblem.of(h, machine);
      Assignment a = linear.balance(problem);
      assertLevelsUseDisjointRanks(a, "instance " + t + " on " + machine);
      linearInter += BalanceReport.of(problem, a).interGridCommunication();
      packedInter += BalanceReport.of(problem, new GridPackingBalancer(THESIS).balance(problem))
          .interGridCommunication();
    }
    assertThat(linearInter).isLessThan(packedInter);
  }

  @Test
  void linearOrderVisitsNeighboursInTurn() {
    for (Topology t : List.of(Topology.mesh(5, 3), Topology.hypercube(4))) {
      int[] order = LinearPipeline.linearOrder(t);
      assertThat(java.util.Arrays.stream(order).sorted().toArray())
          .isEqualTo(java.util.stream.IntStream.range(0, t.size()).toArray());
      for (int i = 1; i < order.length; i++) {
        assertThat(t.hops(order[i - 1], order[i])).as("%s position %d", t, i).isEqualTo(1);
      }
    }
  }

  @Test
  void nonUniformScalingLeavesFewerRanksIdleThanUniform() {
    Random rnd = new Random(59L);
    long idleNonUniform = 0;
    long idleUniform = 0;
    GridPackingBalancer uniform = new GridPackingBalancer(THESIS.withScaling(Scaling.UNIFORM));
    for (int t = 0; t < 40; t++) {
      List<Patch> patches = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        int w = 40 + rnd.nextInt(120);
        int hh = 40 + rnd.nextInt(120);
        int x = (i % 5) * 200;
        int y = (i / 5) * 200;
        patches.add(Patch.of(i, 0, Box.of2d(x, y, x + w - 1, y + hh - 1)));
      }
      Hierarchy h = Hierarchy.of(Box.ofSize(1000, 800), new int[0], patches);
      BalanceProblem problem = BalanceProblem.of(h, Machine.mesh(16 + rnd.nextInt(17), 8 + rnd.nextInt(9)));
      idleNonUniform += BalanceReport.of(problem, new GridPackingBalancer(THESIS).balance(problem)).emptyRanks();
      idleUniform += BalanceReport.of(problem, uniform.balance(problem)).emptyRanks();
    }
    assertThat(idleNonUniform).isLessThan(idleUniform);
  }
}
