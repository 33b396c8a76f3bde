package org.amrbalance.balancers.packing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.spi.Topology;
import org.junit.jupiter.api.Test;

class SubMeshAllocatorTest {

  static void assertBlocksValid(List<Item> items, SubMeshAllocation a, String ctx) {
    ProcessorGrid g = a.grid();
    assertThat(a.blocks().keySet()).as(ctx).containsExactlyInAnyOrderElementsOf(items.stream().map(Item::id).toList());
    List<Block> blocks = new ArrayList<>(a.blocks().values());
    for (Block b : blocks) {
      assertThat(b.processors()).as(ctx).isGreaterThanOrEqualTo(1);
      assertThat(b.right() <= g.columns() && b.top() <= g.rows()).as("%s: %s inside %s", ctx, b, g).isTrue();
    }
    for (int i = 0; i < blocks.size(); i++) {
      for (int j = i + 1; j < blocks.size(); j++) {
        assertThat(blocks.get(i).overlaps(blocks.get(j))).as("%s: %s and %s", ctx, blocks.get(i), blocks.get(j))
            .isFalse();
      }
    }
  }

  /** Processors inside some block (counted here: allocations do not report on themselves). */
  static int processors(SubMeshAllocation a) {
    int n = 0;
    for (Block b : a.blocks().values()) {
      n += b.processors();
    }
    return n;
  }

  @Test
  void propertyEveryGridGetsADisjointBlockOfAtLeastOneProcessor() {
    Random rnd = new Random(5033L);
    int fallbacks = 0;
    int repaired = 0;
    int instances = 3000;
    for (int t = 0; t < instances; t++) {
      int p = 1 + rnd.nextInt(24);
      int q = 1 + rnd.nextInt(24);
      int m = 1 + rnd.nextInt(Math.max(1, Math.min(p * q, 40)));
      List<Item> items = RandomItems.rectangles(rnd, m, 1 + rnd.nextInt(300));
      Packer packer = t % 4 == 3 ? ShelfPacker.defaults().withGrowth(0.05) : TightPacker.defaults();
      Scaling scaling = t % 2 == 0 ? Scaling.NON_UNIFORM : Scaling.UNIFORM;
      SubMeshAllocation a = SubMeshAllocator.of(packer, scaling).allocate(items, ProcessorGrid.rowMajor(p, q));
      assertBlocksValid(items, a, "instance " + t + " (" + p + "x" + q + ", m=" + m + ")");
      fallbacks += a.fallback() ? 1 : 0;
      repaired += a.repairRounds() > 0 ? 1 : 0;
    }
    // The last resort is rare: the enlargement of short sides almost always suffices.
    assertThat(fallbacks).isLessThan(instances / 50);
    assertThat(repaired).isGreaterThan(0);
  }

  @Test
  void scalingAnyValidPackingGivesDisjointBlocksInsideTheMesh() {
    Random rnd = new Random(11L);
    for (int t = 0; t < 2000; t++) {
      List<Item> items = RandomItems.rectangles(rnd, 1 + rnd.nextInt(30), 1 + rnd.nextInt(50));
      Packing packing = TightPacker.defaults().pack(items, 1.0 + rnd.nextInt(3));
      int p = 1 + rnd.nextInt(64);
      int q = 1 + rnd.nextInt(64);
      for (Scaling s : Scaling.values()) {
        List<Block> blocks = SubMeshAllocator.blocksOf(packing, p, q, s);
        for (int i = 0; i < blocks.size(); i++) {
          assertThat(blocks.get(i).right()).isLessThanOrEqualTo(p);
          assertThat(blocks.get(i).top()).isLessThanOrEqualTo(q);
          for (int j = i + 1; j < blocks.size(); j++) {
            assertThat(blocks.get(i).overlaps(blocks.get(j))).isFalse();
          }
        }
      }
    }
  }

  @Test
  void nonUniformScalingFillsTheMeshAndUniformKeepsOneScale() {
    // Two 4x4 grids side by side: an 8x4 box. On a 16x4 mesh non-uniform scaling (2, 1) gives two 8x4 blocks
    // (all 64 processors); uniform scaling min(2, 1) = 1 gives two 4x4 blocks and leaves half the mesh idle.
    List<Item> items = List.of(Item.of(0, 4, 4), Item.of(1, 4, 4));
    ProcessorGrid mesh = ProcessorGrid.rowMajor(16, 4);
    SubMeshAllocation non = SubMeshAllocator.of(TightPacker.defaults(), Scaling.NON_UNIFORM).allocate(items, mesh);
    SubMeshAllocation uni = SubMeshAllocator.of(TightPacker.defaults(), Scaling.UNIFORM).allocate(items, mesh);
    assertThat(non.packing().width()).isEqualTo(8);
    assertThat(processors(non)).isEqualTo(64);
    assertThat(non.block(0)).isEqualTo(Block.of(0, 0, 8, 4));
    assertThat(processors(uni)).isEqualTo(32);
    assertThat(uni.block(1)).isEqualTo(Block.of(4, 0, 4, 4));
  }

  @Test
  void aTinyGridNextToAHugeOneStillGetsAProcessor() {
    // 1000x1000 and 1x1 on a 4x4 mesh: scaled directly the 1x1 grid covers no processor boundary.
    List<Item> items = List.of(Item.of(0, 1000, 1000), Item.of(1, 1, 1));
    SubMeshAllocation a = SubMeshAllocator.of(TightPacker.defaults(), Scaling.NON_UNIFORM)
        .allocate(items, ProcessorGrid.rowMajor(4, 4));
    assertThat(a.repairRounds()).isPositive();
    assertThat(a.fallback()).isFalse();
    assertBlocksValid(items, a, "tiny");
    assertThat(a.block(0).processors()).isGreaterThanOrEqualTo(8);
  }

  @Test
  void withoutRepairRoundsTheLastResortGivesOneProcessorEach() {
    List<Item> items = List.of(Item.of(0, 1000, 1000), Item.of(1, 1, 1));
    SubMeshAllocation a = SubMeshAllocator.of(TightPacker.defaults(), Scaling.NON_UNIFORM).withMaxRepairRounds(0)
        .allocate(items, ProcessorGrid.rowMajor(4, 4));
    assertThat(a.fallback()).isTrue();
    assertBlocksValid(items, a, "fallback");
    assertThat(processors(a)).isEqualTo(2);
  }

  @Test
  void moreGridsThanProcessorsIsRejected() {
    List<Item> items = List.of(Item.of(0, 1, 1), Item.of(1, 1, 1), Item.of(2, 1, 1));
    assertThatThrownBy(() -> SubMeshAllocator.of(TightPacker.defaults(), Scaling.UNIFORM)
        .allocate(items, ProcessorGrid.rowMajor(2, 1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("items.size = 3");
  }

  @Test
  void grayCodeEmbeddingKeepsMeshNeighboursOneHopApart() {
    for (int bits = 0; bits <= 8; bits++) {
      int[] g = GrayCode.reflected(bits);
      for (int i = 0; i < g.length; i++) {
        assertThat(g[i]).isEqualTo(GrayCode.code(i));
      }
    }
    assertThat(GrayCode.reflected(2)).containsExactly(0b00, 0b01, 0b11, 0b10);
    for (int d = 0; d <= 8; d++) {
      Topology.Hypercube cube = Topology.hypercube(d);
      for (ProcessorGrid g : ProcessorGrid.candidates(cube)) {
        assertThat(g.size()).isEqualTo(cube.size());
        boolean[] seen = new boolean[cube.size()];
        for (int x = 0; x < g.columns(); x++) {
          for (int y = 0; y < g.rows(); y++) {
            int r = g.rank(x, y);
            assertThat(seen[r]).isFalse();
            seen[r] = true;
            if (x + 1 < g.columns()) {
              assertThat(cube.hops(r, g.rank(x + 1, y))).isEqualTo(1);
            }
            if (y + 1 < g.rows()) {
              assertThat(cube.hops(r, g.rank(x, y + 1))).isEqualTo(1);
            }
          }
        }
      }
    }
    // d = 5: shapes 8x4, 16x2, 32x1 (the extra bit on the columns first).
    List<ProcessorGrid> shapes = ProcessorGrid.candidates(Topology.hypercube(5));
    assertThat(shapes).extracting(ProcessorGrid::columns).containsExactly(8, 16, 32);
  }

  @Test
  void reachIsTheFarthestProcessorsDistanceToTheParentBlock() {
    Block parent = Block.of(2, 2, 2, 2);
    assertThat(Block.of(2, 2, 1, 1).reachFrom(parent)).isZero();
    assertThat(Block.of(2, 2, 3, 2).reachFrom(parent)).isEqualTo(1);
    assertThat(Block.of(0, 5, 2, 1).reachFrom(parent)).isEqualTo(2 + 2);
  }
}
