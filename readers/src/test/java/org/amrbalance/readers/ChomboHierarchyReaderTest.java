package org.amrbalance.readers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class ChomboHierarchyReaderTest {
  @TempDir
  Path dir;

  private static List<Integer> perLevel(Hierarchy h) {
    List<Integer> counts = new ArrayList<>();
    for (int l = 0; l < h.levelCount(); l++) {
      counts.add(h.level(l).size());
    }
    return counts;
  }

  /** Cells of each patch's coarsening that no patch one level up covers, summed over the hierarchy. */
  private static long uncoveredCells(Hierarchy h, int ratio) {
    long uncovered = 0;
    for (Patch p : h.patches()) {
      if (p.level() == 0) {
        continue;
      }
      Box shadow = p.box().coarsen(ratio);
      long covered = 0;
      for (Patch q : h.level(p.level() - 1)) {
        covered += q.box().overlapVolume(shadow);
      }
      uncovered += shadow.volume() - covered;
    }
    return uncovered;
  }

  @Test
  void readsBothFilesWithTheReadmeCounts() throws Exception {
    HierarchyFile two = new ChomboHierarchyReader().read(TestFiles.path(TestFiles.CHOMBO_2D));
    HierarchyFile three = new ChomboHierarchyReader().read(TestFiles.path(TestFiles.CHOMBO_3D));
    assertThat(perLevel(two.hierarchy())).containsExactly(1, 53, 138);
    assertThat(perLevel(three.hierarchy())).containsExactly(1, 106, 1449);
    assertThat(two.hierarchy().patchCount() + three.hierarchy().patchCount()).isEqualTo(192 + 1556);
    assertThat(two.hierarchy().domain()).isEqualTo(Box.ofSize(32, 32));
    assertThat(three.hierarchy().domain()).isEqualTo(Box.ofSize(32, 32, 32));
    assertThat(two.hierarchy().ratios()).containsExactly(4, 4);
    // The first level-1 box of the 2-D file, written "((16,40) (23,47) (0,0))[1]", is patch 1.
    assertThat(two.hierarchy().patch(1).box()).isEqualTo(Box.of2d(16, 40, 23, 47));
    assertThat(two.hierarchy().patch(1).work()).isEqualTo(64.0);
  }

  @Test
  void withRatioFourEveryBoxIsCoveredByTheLevelAboveAndSomeStraddle() throws Exception {
    for (String name : List.of(TestFiles.CHOMBO_2D, TestFiles.CHOMBO_3D)) {
      Hierarchy h = new ChomboHierarchyReader().read(TestFiles.path(name)).hierarchy();
      assertThat(uncoveredCells(h, 4)).as(name).isZero();
      // The parents the hierarchy found cover each box's coarsening exactly.
      for (Patch p : h.patches()) {
        if (p.level() > 0) {
          Box shadow = p.box().coarsen(4);
          long covered = 0;
          for (int parent : h.parents(p.id())) {
            covered += h.patch(parent).box().overlapVolume(shadow);
          }
          assertThat(covered).isEqualTo(shadow.volume());
        }
      }
    }
    Hierarchy three = new ChomboHierarchyReader().read(TestFiles.path(TestFiles.CHOMBO_3D)).hierarchy();
    assertThat(three.patches().stream().filter(p -> three.parents(p.id()).length > 1).count()).isPositive();
  }

  @Test
  void withRatioTwoTheNestingErrorIsReported() throws Exception {
    // Measured on the ratio-4 reading: coarsening by 2 instead leaves cells uncovered.
    Hierarchy h = new ChomboHierarchyReader().read(TestFiles.path(TestFiles.CHOMBO_2D)).hierarchy();
    assertThat(uncoveredCells(h, 2)).isPositive();
    for (String name : List.of(TestFiles.CHOMBO_2D, TestFiles.CHOMBO_3D)) {
      HierarchyFormatException e = catchThrowableOfType(HierarchyFormatException.class,
          () -> new ChomboHierarchyReader(2).read(TestFiles.path(name)));
      assertThat(e.line()).isPositive();
      assertThat(e.getMessage()).startsWith(TestFiles.path(name) + ":" + e.line() + ": level-1 box ")
          .contains("is not properly nested: coarsened by 2");
    }
  }

  @Test
  void theRankOfEveryBoxIsTheRecordedAssignment() throws Exception {
    HierarchyFile two = new ChomboHierarchyReader().read(TestFiles.path(TestFiles.CHOMBO_2D));
    assertThat(new TreeSet<>(two.recordedRanks().values())).containsExactly(0, 1);
    assertThat(two.recordedRanks().get(1)).isEqualTo(1);
    assertThat(two.recordedRankCount()).isEqualTo(2);
    Assignment own = two.recordedAssignment().orElseThrow();
    assertThat(own.ranks()).isEqualTo(2);
    assertThat(own.piecesOn(1)).isNotEmpty();
    HierarchyFile three = new ChomboHierarchyReader().read(TestFiles.path(TestFiles.CHOMBO_3D));
    assertThat(new TreeSet<>(three.recordedRanks().values())).containsExactly(0);
  }

  @Test
  void rejectsARatioBelowTwo() {
    assertThatThrownBy(() -> new ChomboHierarchyReader(1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ratio = 1");
  }

  // ---- malformed variants ----

  private HierarchyFormatException readError(List<String> lines) {
    Path p = Edits.write(dir, "bad.2d", lines);
    return catchThrowableOfType(HierarchyFormatException.class, () -> new ChomboHierarchyReader().read(p));
  }

  private String source() {
    return dir.resolve("bad.2d").toString();
  }

  @Test
  void aTruncatedFileIsReportedAtItsLastLine() {
    List<String> lines = Edits.lines(TestFiles.CHOMBO_2D);
    List<String> half = new ArrayList<>(lines.subList(0, lines.size() / 2));
    HierarchyFormatException e = readError(half);
    assertThat(e.line()).isEqualTo(half.size());
    assertThat(e.getMessage()).startsWith(source() + ":" + half.size() + ": level 2 announces 138 boxes")
        .contains("truncated");
  }

  @Test
  void aBoxWithLoAboveHiNamesItsLine() {
    List<String> lines = Edits.lines(TestFiles.CHOMBO_2D);
    int n = Edits.find(lines, 1, "((16,40) (23,47)");
    Edits.set(lines, n, Edits.get(lines, n).replace("((16,40) (23,47)", "((16,40) (23,37)"));
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(n);
    assertThat(e.getMessage()).isEqualTo(source() + ":" + n + ": level-1 box 0 has lo [16, 40] > hi [23, 37] along axis 1");
  }

  @Test
  void aChildOutsideTheLevelAboveNamesItsLine() {
    List<String> lines = Edits.lines(TestFiles.CHOMBO_2D);
    int last = lines.size();
    // The last level-2 box moved to the domain's corner, where no level-1 box lies.
    Edits.set(lines, last, Edits.get(lines, last).replace("((368,280) (383,295)", "((0,0) (15,15)"));
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(last);
    assertThat(e.getMessage()).startsWith(source() + ":" + last + ": level-2 box 137 ((0,0) (15,15))")
        .contains("not properly nested").contains("16 of its 16 cells lie outside every level-1 box");
  }

  @Test
  void garbageNumbersNameTheLine() {
    List<String> lines = Edits.lines(TestFiles.CHOMBO_2D);
    int header = Edits.find(lines, 1, "Number of Grids on Level 1");
    Edits.set(lines, header, "Number of Grids on Level 1: 5x3");
    assertThat(readError(lines)).hasMessage(source() + ":" + header
        + ": number of grids on level 1 = '5x3' is not an integer");

    List<String> other = Edits.lines(TestFiles.CHOMBO_2D);
    int n = Edits.find(other, 1, "((16,40) (23,47)");
    Edits.set(other, n, Edits.get(other, n).replace("((16,40)", "((16,4o)"));
    assertThat(readError(other)).hasMessageStartingWith(source() + ":" + n
        + ": level-1 box 0: expected '((lo) (hi) (type))[rank]'");

    // Ten digits match the box syntax; beyond the int range they are no integer.
    List<String> big = Edits.lines(TestFiles.CHOMBO_2D);
    Edits.set(big, n, Edits.get(big, n).replace("((16,40) (23,47)", "((16,40) (23,- 2147483649)"));
    assertThat(readError(big)).hasMessage(source() + ":" + n + ": level-1 box 0 hi[1] = '-2147483649' is not an integer");
  }

  @Test
  void aWrongBoxCountIsReported() {
    List<String> lines = Edits.lines(TestFiles.CHOMBO_2D);
    int header = Edits.find(lines, 1, "Number of Grids on Level 1");
    Edits.set(lines, header, "Number of Grids on Level 1: 54");
    int next = Edits.find(lines, 1, "Number of Grids on Level 2");
    assertThat(readError(lines)).hasMessage(source() + ":" + next + ": level 1 announces 54 boxes at line " + header
        + " but lists only 53");
  }

  // Both inputs once made Hierarchy.of loop over billions of index buckets (out of memory); the timeout only turns a
  // hang into a failure.
  @Test
  @Timeout(value = 1, unit = TimeUnit.MINUTES)
  void aBoxAtTheEndOfTheIntRangeIsAFormatErrorNotAnEndlessLoop() throws Exception {
    String layout = "NumLevels = 1\nNumber of Grids on Level 0: 1\n((2147483647,0) (2147483647,0) (0,0))[0]\n";
    HierarchyFormatException e = catchThrowableOfType(HierarchyFormatException.class,
        () -> new ChomboHierarchyReader().read(HierarchyText.of("edge.2d", layout)));
    assertThat(e).hasMessage("edge.2d:3: level-0 box 0 ((2147483647,0) (2147483647,0)) reaches beyond the cell "
        + "indices [-1073741824, 1073741823] a reader accepts along axis 0");
    // The largest accepted index still reads.
    String inside = layout.replace("2147483647", "1073741823");
    assertThat(new ChomboHierarchyReader().read(HierarchyText.of("edge.2d", inside)).hierarchy().patch(0).box())
        .isEqualTo(Box.of2d(1073741823, 0, 1073741823, 0));
  }

  @Test
  @Timeout(value = 1, unit = TimeUnit.MINUTES)
  void oneHugeBoxAmongTinyOnesIsAFormatErrorNotAnOutOfMemory() throws Exception {
    String layout = "NumLevels = 1\nNumber of Grids on Level 0: 3\n"
        + "((0,0) (0,0) (0,0))[0] # ((1,0) (1,0) (0,0))[0] # ((0,1) (1048575,1048576) (0,0))[0]\n";
    HierarchyFormatException e = catchThrowableOfType(HierarchyFormatException.class,
        () -> new ChomboHierarchyReader().read(HierarchyText.of("huge.2d", layout)));
    assertThat(e.line()).isEqualTo(3);
    assertThat(e.problem()).startsWith("level-0 box 2 ((0,1) (1048575,1048576)) is too large beside the other grids "
        + "of level 0: it spans 1099511627776 blocks of the level's median grid size [1, 1]");
    // The same boxes with sizes an AMR code would make read.
    String even = layout.replace("(1048575,1048576)", "(1,2)");
    assertThat(new ChomboHierarchyReader().read(HierarchyText.of("even.2d", even)).hierarchy().patchCount())
        .isEqualTo(3);
  }

  @Test
  void aTextGivesTheSameHierarchyAndMessagesAsTheFile() throws Exception {
    Path p = TestFiles.path(TestFiles.CHOMBO_2D);
    String text = String.join("\r\n", Edits.lines(TestFiles.CHOMBO_2D));
    assertThat(new ChomboHierarchyReader().read(HierarchyText.of(p.toString(), text)))
        .isEqualTo(new ChomboHierarchyReader().read(p));
    List<String> lines = Edits.lines(TestFiles.CHOMBO_2D);
    int header = Edits.find(lines, 1, "Number of Grids on Level 1");
    Edits.set(lines, header, "Number of Grids on Level 1: 5x3");
    HierarchyFormatException fromText = catchThrowableOfType(HierarchyFormatException.class,
        () -> new ChomboHierarchyReader().read(HierarchyText.of(source(), String.join("\n", lines))));
    assertThat(fromText).hasMessage(readError(lines).getMessage());
  }
}
