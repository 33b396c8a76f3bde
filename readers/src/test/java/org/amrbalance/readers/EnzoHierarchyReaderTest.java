package org.amrbalance.readers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnzoHierarchyReaderTest {
  @TempDir
  Path dir;

  private static HierarchyFile real() throws Exception {
    return new EnzoHierarchyReader().read(TestFiles.path(TestFiles.ENZO));
  }

  /** Sums the values of the lines that start with {@code key =} in the real hierarchy file. */
  private static long sumOf(String key) {
    long sum = 0;
    for (String line : Edits.lines(TestFiles.ENZO)) {
      String[] kv = line.split("=");
      if (kv.length == 2 && kv[0].strip().equals(key)) {
        sum += Long.parseLong(kv[1].strip());
      }
    }
    return sum;
  }

  @Test
  void readsTheLevelsAndGridsOfTheReadmeTable() throws Exception {
    HierarchyFile f = real();
    Hierarchy h = f.hierarchy();
    assertThat(f.format()).isEqualTo(HierarchyFormat.ENZO);
    assertThat(f.source()).endsWith(TestFiles.ENZO);
    assertThat(h.domain()).isEqualTo(Box.ofSize(32, 32, 32));
    assertThat(h.ratios()).containsOnly(2).hasSize(8);
    List<Integer> perLevel = new ArrayList<>();
    for (int l = 0; l < h.levelCount(); l++) {
      perLevel.add(h.level(l).size());
    }
    assertThat(perLevel).containsExactly(1, 8, 8, 8, 15, 51, 18, 28, 36);
    assertThat(h.patchCount()).isEqualTo(173);
  }

  @Test
  void boxesComeFromTheEdgesAtEachLevel() throws Exception {
    Hierarchy h = real().hierarchy();
    // Grid 2: level 1 (dx = 1/64), left edge (0.25, 0.21875, 0.25), 16 x 18 x 16 active cells.
    assertThat(h.patch(2).level()).isEqualTo(1);
    assertThat(h.patch(2).box()).isEqualTo(Box.of3d(16, 14, 16, 31, 31, 31));
    // Grid 10: level 2 (dx = 1/128), left edge 0.5, 28 active cells per axis.
    assertThat(h.patch(10).box()).isEqualTo(Box.of3d(64, 64, 64, 91, 91, 91));
    // Every grid's active cells are GridEndIndex - GridStartIndex + 1 per axis: 32^3 for the root grid.
    assertThat(h.patch(1).cells()).isEqualTo(32L * 32 * 32);
  }

  @Test
  void everyGridCoarsenedByTwoLiesInsideItsPointerParent() throws Exception {
    Hierarchy h = real().hierarchy();
    int violations = 0;
    for (Patch p : h.patches()) {
      if (p.level() == 0) {
        assertThat(p.declaredParentIds()).isEmpty();
        continue;
      }
      assertThat(p.declaredParentIds()).hasSize(1);
      Patch parent = h.patch(p.declaredParentIds()[0]);
      assertThat(parent.level()).isEqualTo(p.level() - 1);
      if (!parent.box().contains(p.box().coarsen(2))) {
        violations++;
      }
    }
    assertThat(violations).isZero();
    // Parents as the pointer lines give them: Grid[1]->NextGridNextLevel = 2, Grid[9]->NextGridNextLevel = 10,
    // Grid[10]->NextGridNextLevel = 11, and 3 is the next sibling of 2.
    assertThat(h.parents(2)).containsExactly(1);
    assertThat(h.parents(3)).containsExactly(1);
    assertThat(h.parents(10)).containsExactly(9);
    assertThat(h.parents(11)).containsExactly(10);
  }

  @Test
  void particleCountsAddUpToTheTrailer() throws Exception {
    long trailer = sumOf("NumberOfStarParticles") + sumOf("NumberOfOtherParticles");
    long grids = sumOf("NumberOfParticles");
    assertThat(trailer).isEqualTo(124452L + 1000001L);
    assertThat(grids).isEqualTo(trailer);
    Hierarchy byParticles =
        new EnzoHierarchyReader(EnzoReaderOptions.particles()).read(TestFiles.path(TestFiles.ENZO)).hierarchy();
    assertThat(byParticles.totalWork()).isEqualTo((double) trailer);
  }

  @Test
  void workIsCellsByDefaultAndParticlesOrBothByOption() throws Exception {
    Hierarchy cells = real().hierarchy();
    assertThat(cells.totalWork()).isEqualTo((double) cells.totalCells());
    Hierarchy mixed = new EnzoHierarchyReader(EnzoReaderOptions.defaults().withParticleWeight(0.5))
        .read(TestFiles.path(TestFiles.ENZO)).hierarchy();
    // Grid 2 holds 13 particles.
    assertThat(mixed.patch(2).work()).isEqualTo(cells.patch(2).cells() + 0.5 * 13);
    Hierarchy particles = new EnzoHierarchyReader(EnzoReaderOptions.particles())
        .read(TestFiles.path(TestFiles.ENZO)).hierarchy();
    assertThat(particles.patch(1).work()).isZero(); // the root grid holds no particles
    assertThat(particles.patch(2).work()).isEqualTo(13.0);
    // Payload: NumberOfBaryonFields = 24 doubles per cell.
    assertThat(cells.patch(2).payloadBytes()).isEqualTo(cells.patch(2).cells() * 24 * 8);
  }

  @Test
  void optionsRejectBadWeights() {
    assertThatThrownBy(() -> EnzoReaderOptions.defaults().withCellWeight(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cellWeight = -1.0");
    assertThatThrownBy(() -> EnzoReaderOptions.defaults().withParticleWeight(Double.NaN))
        .hasMessageContaining("particleWeight = NaN");
    assertThatThrownBy(() -> EnzoReaderOptions.particles().withParticleWeight(0))
        .hasMessageContaining("particleWeight = 0.0").hasMessageContaining("both be 0");
    // The record's constructor is the one place that checks, so it names both weights whichever was set last.
    assertThatThrownBy(() -> EnzoReaderOptions.defaults().withCellWeight(0))
        .hasMessage("cellWeight = 0.0 and particleWeight = 0.0: cannot both be 0 (no grid would have work)");
    assertThatThrownBy(() -> new EnzoReaderOptions(1, -2))
        .hasMessage("particleWeight = -2.0: must be finite and in [0, inf)");
  }

  @Test
  void theTaskOfEveryGridIsTheRecordedAssignment() throws Exception {
    HierarchyFile f = real();
    assertThat(f.recordedRanks()).hasSize(173);
    assertThat(f.recordedRanks().get(2)).isEqualTo(12);
    assertThat(f.recordedRanks().get(3)).isEqualTo(11);
    assertThat(f.recordedRanks().get(10)).isEqualTo(5);
    assertThat(f.recordedRankCount()).isEqualTo(13);
    assertThat(f.recordedLevels()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8);
    Assignment own = f.recordedAssignment().orElseThrow();
    assertThat(own.ranks()).isEqualTo(13);
    assertThat(own.rankOf(2)).isEqualTo(12);
    Set<Integer> used = new TreeSet<>(f.recordedRanks().values());
    BalanceReport report = BalanceReport.of(BalanceProblem.of(f.hierarchy(), Machine.fullyConnected(13)), own);
    // Ranks 2, 3 and 4 own no grid in this file.
    assertThat(report.emptyRanks()).isEqualTo(13 - used.size()).isEqualTo(3);
    assertThat(f.recordedAssignment(16).ranks()).isEqualTo(16);
    assertThatThrownBy(() -> f.recordedAssignment(12)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ranks = 12");
  }

  @Test
  void findsTheParameterFileUnderEnzosOwnNameOrWhenGiven() throws Exception {
    HierarchyFile expected = real();
    Path h = Edits.copy(dir, TestFiles.ENZO, "galaxy0030.hierarchy");
    Edits.copy(dir, TestFiles.ENZO_PARAMETERS, "galaxy0030");
    assertThat(new EnzoHierarchyReader().read(h).hierarchy()).isEqualTo(expected.hierarchy());
    Path other = Edits.copy(dir, TestFiles.ENZO_PARAMETERS, "elsewhere.txt");
    assertThat(new EnzoHierarchyReader().read(h, other).hierarchy()).isEqualTo(expected.hierarchy());
  }

  // ---- malformed variants ----

  private HierarchyFormatException readError(List<String> lines) {
    Path h = Edits.write(dir, "bad.hierarchy", lines);
    Edits.copy(dir, TestFiles.ENZO_PARAMETERS, "bad.parameters");
    return catchThrowableOfType(HierarchyFormatException.class, () -> new EnzoHierarchyReader().read(h));
  }

  private String source() {
    return dir.resolve("bad.hierarchy").toString();
  }

  @Test
  void aTruncatedFileIsReportedAtItsLastLine() {
    List<String> lines = Edits.lines(TestFiles.ENZO);
    List<String> half = new ArrayList<>(lines.subList(0, lines.size() / 2));
    HierarchyFormatException e = readError(half);
    assertThat(e.source()).isEqualTo(source());
    assertThat(e.line()).isEqualTo(half.size());
    assertThat(e.getMessage()).startsWith(source() + ":" + half.size() + ": ").contains("truncated");
  }

  @Test
  void aBoxWithLoAboveHiNamesItsLine() {
    List<String> lines = Edits.lines(TestFiles.ENZO);
    int end = Edits.find(lines, Edits.find(lines, 1, "Grid = 11"), "GridEndIndex");
    Edits.set(lines, end, "GridEndIndex      = 44 2 48 ");
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(end);
    assertThat(e.getMessage()).startsWith(source() + ":" + end + ": ").contains("GridEndIndex[1] = 2")
        .contains("lo > hi");
  }

  @Test
  void aChildOutsideItsParentNamesItsGridLine() {
    List<String> lines = Edits.lines(TestFiles.ENZO);
    int grid = Edits.find(lines, 1, "Grid = 11");
    // Grid 11 (level 3, 42 cells wide in x) moved to the domain's low x corner, far from its parent grid 10.
    Edits.set(lines, Edits.find(lines, grid, "GridLeftEdge"), "GridLeftEdge      = 0 0.5 0.5 ");
    Edits.set(lines, Edits.find(lines, grid, "GridRightEdge"), "GridRightEdge     = 0.1640625 0.65625 0.6796875 ");
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(grid);
    assertThat(e.getMessage()).startsWith(source() + ":" + grid + ": grid 11 ").contains("not properly nested")
        .contains("outside its parent grid 10");
  }

  @Test
  void withoutAParameterFileTheHierarchyAloneGivesTheSameHierarchy() throws Exception {
    Path h = Edits.copy(dir, TestFiles.ENZO, "lonely.hierarchy");
    HierarchyFile alone = new EnzoHierarchyReader().read(h);
    // The parameter file says TopGridDimensions = 32^3, RefineBy = 2 over [0, 1]^3; the root grid and the first
    // level-1 grid say the same.
    assertThat(alone.hierarchy()).isEqualTo(real().hierarchy());
    assertThat(alone.recordedRanks()).isEqualTo(real().recordedRanks());
  }

  @Test
  void withoutAParameterFileRootGridsThatDoNotTileTheirBoundingBoxAreReported() {
    // An L-shaped level 0: 8x8 + 8x16 cells in a 16x16 bounding box, so the domain cannot be known.
    Hierarchy h = Hierarchy.of(Box.ofSize(16, 16), new int[0],
        List.of(Patch.of(0, 0, Box.of2d(0, 0, 7, 7)), Patch.of(1, 0, Box.of2d(8, 0, 15, 15))));
    String text = FormatWriters.enzoHierarchy(h, id -> 0, id -> 0);
    HierarchyFormatException e = catchThrowableOfType(HierarchyFormatException.class,
        () -> new EnzoHierarchyReader().read(HierarchyText.of("l.hierarchy", text)));
    assertThat(e.source()).isEqualTo("l.hierarchy");
    assertThat(e.line()).isEqualTo(2); // the block of grid 1
    assertThat(e.getMessage()).contains("no parameter file was given").contains("(192 cells) do not tile")
        .contains("(256 cells)").contains("give the parameter file");
  }

  @Test
  void withoutAParameterFileAFractionalRefinementIsReported() {
    List<String> lines = Edits.lines(TestFiles.ENZO);
    int grid = Edits.find(lines, 1, "Grid = 2");
    // Grid 2 is 16x18x16 cells of width 1/64; 20 cells over the same 0.25 in x are 2.5 times finer than level 0.
    Edits.set(lines, Edits.find(lines, grid, "GridEndIndex"), "GridEndIndex      = 22 20 18 ");
    Edits.set(lines, Edits.find(lines, grid, "GridDimension"), "GridDimension     = 26 24 22 ");
    Path h = Edits.write(dir, "odd.hierarchy", lines);
    HierarchyFormatException e =
        catchThrowableOfType(HierarchyFormatException.class, () -> new EnzoHierarchyReader().read(h));
    assertThat(e.line()).isEqualTo(grid);
    assertThat(e.getMessage()).contains("no parameter file (none of").contains("level-1 grid 2 has cells")
        .contains("not a whole ratio");
  }

  @Test
  void garbageNumbersNameTheLineAndValue() {
    List<String> lines = Edits.lines(TestFiles.ENZO);
    int left = Edits.find(lines, Edits.find(lines, 1, "Grid = 11"), "GridLeftEdge");
    Edits.set(lines, left, "GridLeftEdge      = 0.5 0.5x 0.5 ");
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(left);
    assertThat(e.getMessage()).contains("GridLeftEdge[1] = '0.5x' is not a number");

    List<String> other = Edits.lines(TestFiles.ENZO);
    int task = Edits.find(other, 1, "Task");
    Edits.set(other, task, "Task              = five");
    assertThat(readError(other)).hasMessageContaining(":" + task + ": Task = 'five' is not an integer");
  }

  @Test
  void aTrailerThatDisagreesWithTheGridsIsReported() {
    List<String> lines = Edits.lines(TestFiles.ENZO);
    int stars = Edits.find(lines, 1, "NumberOfStarParticles");
    Edits.set(lines, stars, "NumberOfStarParticles      = 124453");
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(Edits.find(lines, 1, "NumberOfOtherParticles"));
    assertThat(e.getMessage()).contains("1124453 particles").contains("124453 + 1000001 = 1124454");
  }

  @Test
  void aPointerThatPlacesAGridTwiceIsReported() {
    List<String> lines = Edits.lines(TestFiles.ENZO);
    int pointer = Edits.find(lines, 1, "Pointer: Grid[2]->NextGridThisLevel");
    Edits.set(lines, pointer, "Pointer: Grid[2]->NextGridThisLevel = 2");
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(pointer);
    assertThat(e.getMessage()).contains("grid 2 is already placed by line "
        + Edits.find(lines, 1, "Pointer: Grid[1]->NextGridNextLevel"));
  }

  @Test
  void aBadParameterNamesTheParameterFile() {
    List<String> params = Edits.lines(TestFiles.ENZO_PARAMETERS);
    int refine = Edits.find(params, 1, "RefineBy ");
    Edits.set(params, refine, "RefineBy               = 1");
    Path p = Edits.write(dir, "odd.parameters", params);
    Path h = Edits.copy(dir, TestFiles.ENZO, "odd.hierarchy");
    assertThatThrownBy(() -> new EnzoHierarchyReader().read(h))
        .isInstanceOf(HierarchyFormatException.class)
        .hasMessage(p + ":" + refine + ": RefineBy = 1: must be >= 2");
  }

  @Test
  void aHugeGridIsRejectedBeforeItsCellCountOverflows() {
    List<String> lines = Edits.lines(TestFiles.ENZO);
    int grid = Edits.find(lines, 1, "Grid = 1");
    Edits.set(lines, Edits.find(lines, grid, "GridDimension"), "GridDimension     = 2000000006 2000000006 2000000006");
    Edits.set(lines, Edits.find(lines, grid, "GridEndIndex"), "GridEndIndex      = 2000000002 2000000002 2000000002");
    Edits.set(lines, Edits.find(lines, grid, "GridRightEdge"), "GridRightEdge     = 62500000 62500000 62500000");
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(grid);
    assertThat(e.getMessage()).contains("grid 1 ").contains("cells, more than the 1099511627776");
  }
}
