package org.amrbalance.readers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.workloads.RandomHierarchies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random properly nested hierarchies of every dimension and several ratios, written in each format the way the
 * codes write them, read back to the same levels, boxes, parents and recorded ranks.
 */
class RoundTripTest {
  private static final int SEEDS = 15;

  @TempDir
  Path dir;

  private static List<RandomHierarchies> generators() {
    return List.of(
        RandomHierarchies.defaults().dim(1).levels(4).ratio(2).maxChildren(3),
        RandomHierarchies.defaults().dim(2).levels(3).ratio(4).maxChildren(4).rootTiles(3),
        RandomHierarchies.defaults().dim(3).baseSize(8).levels(3).ratio(2).maxChildren(3));
  }

  /** The same levels, boxes and parents, with {@code idShift} added to every id of {@code read}'s original. */
  private static void assertSameShape(Hierarchy original, Hierarchy read, int idShift) {
    assertThat(read.domain()).isEqualTo(original.domain());
    assertThat(read.patchCount()).isEqualTo(original.patchCount());
    assertThat(read.levelCount()).isEqualTo(original.levelCount());
    for (Patch p : original.patches()) {
      Patch q = read.patch(p.id() + idShift);
      assertThat(q.level()).isEqualTo(p.level());
      assertThat(q.box()).isEqualTo(p.box());
      int[] parents = original.parents(p.id());
      for (int i = 0; i < parents.length; i++) {
        parents[i] += idShift;
      }
      assertThat(read.parents(q.id())).containsExactly(parents);
    }
  }

  @Test
  void theGeneratedHierarchiesAreDeep() {
    for (RandomHierarchies gen : generators()) {
      int deepest = 0;
      for (long seed = 0; seed < SEEDS; seed++) {
        deepest = Math.max(deepest, gen.generate(seed).levelCount());
      }
      assertThat(deepest).isGreaterThanOrEqualTo(3);
    }
  }

  @Test
  void chombo() throws Exception {
    for (RandomHierarchies gen : generators()) {
      for (long seed = 0; seed < SEEDS; seed++) {
        Hierarchy h = gen.generate(seed);
        Path p = Edits.writeText(dir, "grids", FormatWriters.chombo(h, id -> id % 7));
        int ratio = h.levelCount() > 1 ? h.ratio(0) : 2;
        HierarchyFile f = new ChomboHierarchyReader(ratio).read(p);
        assertSameShape(h, f.hierarchy(), 0);
        for (Patch q : f.hierarchy().patches()) {
          assertThat(f.recordedRanks().get(q.id())).isEqualTo(q.id() % 7);
          assertThat(q.work()).isEqualTo((double) q.cells());
        }
      }
    }
  }

  @Test
  void amrex() throws Exception {
    int run = 0;
    for (RandomHierarchies gen : generators()) {
      for (long seed = 0; seed < SEEDS; seed++) {
        Hierarchy h = gen.generate(seed);
        String plotfile = "plt" + run++;
        Path header = Edits.writeText(dir, plotfile + "/Header", FormatWriters.amrexHeader(h));
        int level = h.finestLevel();
        Edits.writeText(dir, plotfile + "/Level_" + level + "/Cell_H",
            FormatWriters.amrexCellH(h, level, id -> 3 * id + 1));
        HierarchyFile f = new AmrexHierarchyReader().read(header);
        assertSameShape(h, f.hierarchy(), 0);
        assertThat(f.recordedLevels()).containsExactly(level);
        for (Patch p : h.level(level)) {
          assertThat(f.recordedRanks().get(p.id())).isEqualTo(3 * p.id() + 1);
        }
      }
    }
  }

  @Test
  void enzo() throws Exception {
    for (RandomHierarchies gen : generators()) {
      for (long seed = 0; seed < SEEDS; seed++) {
        Hierarchy h = gen.generate(seed);
        Path file = Edits.writeText(dir, "run.hierarchy",
            FormatWriters.enzoHierarchy(h, id -> id % 5, id -> id * 11 % 17));
        Edits.writeText(dir, "run.parameters", FormatWriters.enzoParameters(h));
        HierarchyFile f = new EnzoHierarchyReader(EnzoReaderOptions.defaults().withParticleWeight(2)).read(file);
        assertSameShape(h, f.hierarchy(), 1);
        for (Patch p : h.patches()) {
          Patch q = f.hierarchy().patch(p.id() + 1);
          assertThat(q.declaredParentIds()).hasSize(p.level() == 0 ? 0 : 1);
          assertThat(q.work()).isEqualTo(p.cells() + 2.0 * (p.id() * 11 % 17));
          assertThat(f.recordedRanks().get(q.id())).isEqualTo(p.id() % 5);
        }
      }
    }
  }
}
