package org.amrbalance.readers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.BalanceReport;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AmrexHierarchyReaderTest {
  private static final Pattern CELL_H_BOX = Pattern.compile("\\(\\((\\d+),(\\d+)\\) \\((\\d+),(\\d+)\\) \\(0,0\\)\\)");

  @TempDir
  Path dir;

  private static HierarchyFile real;

  @BeforeAll
  static void readOnce() throws Exception {
    real = new AmrexHierarchyReader().read(TestFiles.path(TestFiles.AMREX_HEADER));
  }

  private static HierarchyFile real() {
    return real;
  }

  /** The boxes listed in the real Cell_H, read here with a pattern of their own. */
  private static List<Box> cellHBoxes() {
    List<Box> boxes = new ArrayList<>();
    for (String line : Edits.lines(TestFiles.AMREX_CELL_H)) {
      Matcher m = CELL_H_BOX.matcher(line.strip());
      if (m.matches()) {
        boxes.add(Box.of2d(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
            Integer.parseInt(m.group(4))));
      }
    }
    return boxes;
  }

  @Test
  void readsTheLevelsAndBoxesOfTheReadmeTable() throws Exception {
    Hierarchy h = real().hierarchy();
    List<Integer> perLevel = new ArrayList<>();
    for (int l = 0; l < h.levelCount(); l++) {
      perLevel.add(h.level(l).size());
    }
    assertThat(perLevel).containsExactly(256, 551, 1369, 866, 2057);
    assertThat(h.patchCount()).isEqualTo(5099);
    assertThat(h.ratios()).containsExactly(2, 2, 2, 2);
    assertThat(h.domain()).isEqualTo(Box.ofSize(256, 256));
    // First level-0 box: x in [0, 0.02], y in [0, 0.02] with dx = 0.00125: cells 0..15.
    assertThat(h.patch(0).box()).isEqualTo(Box.of2d(0, 0, 15, 15));
    assertThat(h.patch(0).payloadBytes()).isEqualTo(256L * 8 * 8); // 8 plotted variables
    assertThat(real().notes()).as("a Header AMReX wrote is read as written").isEmpty();
  }

  @Test
  void headerDerivedLevelOneBoxesEqualCellH() throws Exception {
    Hierarchy h = real().hierarchy();
    List<Box> listed = cellHBoxes();
    List<Patch> level1 = h.level(1);
    assertThat(listed).hasSize(551);
    int equal = 0;
    for (int i = 0; i < listed.size(); i++) {
      equal += listed.get(i).equals(level1.get(i).box()) ? 1 : 0;
    }
    assertThat(equal).isEqualTo(551);
  }

  @Test
  void fabOnDiskFileNumbersAreTheRecordedRanksOfLevelOne() throws Exception {
    HierarchyFile f = real();
    Hierarchy h = f.hierarchy();
    assertThat(f.recordedRanks()).hasSize(551);
    assertThat(f.recordedLevels()).containsExactly(1);
    // The first FabOnDisk line is "FabOnDisk: Cell_D_00037 32939"; the largest file number is 253.
    assertThat(f.recordedRanks().get(h.level(1).get(0).id())).isEqualTo(37);
    assertThat(new TreeSet<>(f.recordedRanks().values())).hasSize(225);
    assertThat(f.recordedRankCount()).isEqualTo(254);
    assertThat(f.hasRecordedAssignment()).isFalse();
    assertThat(f.recordedAssignment()).isEmpty();
    assertThat(f.recordedLevelAssignment(0)).isEmpty();
    assertThatThrownBy(() -> f.recordedAssignment(300)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("551 of 5099 patches");

    Assignment own = f.recordedLevelAssignment(1).orElseThrow();
    assertThat(own.hierarchy().patchCount()).isEqualTo(551);
    assertThat(own.hierarchy().domain()).isEqualTo(h.domainAt(1));
    BalanceReport report = BalanceReport.of(BalanceProblem.of(own.hierarchy(), Machine.fullyConnected(254)), own);
    assertThat(report.emptyRanks()).isEqualTo(254 - 225);
  }

  @Test
  void findsCellHInAPlotfileDirectoryOrWhenGivenAndWorksWithout() throws Exception {
    HierarchyFile expected = real();
    Path header = Edits.copy(dir, TestFiles.AMREX_HEADER, "plt00100/Header");
    HierarchyFile alone = new AmrexHierarchyReader().read(header);
    assertThat(alone.hierarchy()).isEqualTo(expected.hierarchy());
    assertThat(alone.recordedRanks()).isEmpty();
    Edits.copy(dir, TestFiles.AMREX_CELL_H, "plt00100/Level_1/Cell_H");
    assertThat(new AmrexHierarchyReader().read(header).recordedRanks()).isEqualTo(expected.recordedRanks());
    Path elsewhere = Edits.copy(dir, TestFiles.AMREX_CELL_H, "boxes.txt");
    assertThat(new AmrexHierarchyReader().read(header, Map.of(1, elsewhere)).recordedRanks())
        .isEqualTo(expected.recordedRanks());
    assertThatThrownBy(() -> new AmrexHierarchyReader().read(header, Map.of(7, elsewhere)))
        .isInstanceOf(HierarchyFormatException.class).hasMessageContaining("level 7");
  }

  // ---- malformed variants ----

  private HierarchyFormatException readError(List<String> header) {
    Path p = Edits.write(dir, "bad_Header", header);
    Edits.copy(dir, TestFiles.AMREX_CELL_H, "bad_Level_1_Cell_H");
    return catchThrowableOfType(HierarchyFormatException.class, () -> new AmrexHierarchyReader().read(p));
  }

  private String source() {
    return dir.resolve("bad_Header").toString();
  }

  /** The line of level {@code level}'s box {@code box} extent along x. */
  private static int extentLine(List<String> lines, int level, int box) {
    int start = level == 0 ? Edits.find(lines, 1, "0 256 ") : Edits.find(lines, 1, "Level_" + (level - 1) + "/Cell") + 1;
    return start + 2 + 2 * box;
  }

  @Test
  void aTruncatedHeaderIsReportedAtItsLastLine() {
    List<String> lines = Edits.lines(TestFiles.AMREX_HEADER);
    List<String> half = new ArrayList<>(lines.subList(0, lines.size() / 2));
    HierarchyFormatException e = readError(half);
    assertThat(e.line()).isEqualTo(half.size());
    assertThat(e.getMessage()).startsWith(source() + ":" + half.size() + ": the file ends where").contains("truncated");
  }

  @Test
  void aBoxWithLoAboveHiNamesItsLine() {
    List<String> lines = Edits.lines(TestFiles.AMREX_HEADER);
    int x = extentLine(lines, 0, 0);
    assertThat(Edits.get(lines, x)).isEqualTo("0 0.02");
    Edits.set(lines, x, "0.02 0");
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(x);
    assertThat(e.getMessage()).contains("level-0 box 0 has x_hi = 0.0 <= x_lo = 0.02 along axis 0 (a box with lo > hi)");
  }

  @Test
  void aChildOutsideTheLevelAboveNamesItsLine() throws Exception {
    Hierarchy h = real().hierarchy();
    Patch moved = h.level(2).get(0);
    Box target = uncoveredFreeSpot(h, moved);
    List<String> lines = Edits.lines(TestFiles.AMREX_HEADER);
    int x = extentLine(lines, 2, 0);
    double dx = 0.32 / 1024;
    Edits.set(lines, x, target.lo(0) * dx + " " + (target.hi(0) + 1) * dx);
    Edits.set(lines, x + 1, target.lo(1) * dx + " " + (target.hi(1) + 1) * dx);
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(x);
    assertThat(e.getMessage()).startsWith(source() + ":" + x + ": level-2 box 0 " + target)
        .contains("not properly nested").contains("outside every level-1 box");
  }

  /** A place for {@code p}'s box on its level that overlaps no other box there and is not covered one level up. */
  private static Box uncoveredFreeSpot(Hierarchy h, Patch p) {
    Box domain = h.domainAt(p.level());
    for (int x = 0; x + p.box().length(0) <= domain.length(0); x += p.box().length(0)) {
      for (int y = 0; y + p.box().length(1) <= domain.length(1); y += p.box().length(1)) {
        Box candidate = Box.ofSize(p.box().length(0), p.box().length(1)).shift(x, y);
        boolean free = h.level(p.level()).stream().noneMatch(q -> q.id() != p.id() && q.box().intersects(candidate));
        boolean coveredAbove = h.level(p.level() - 1).stream()
            .anyMatch(q -> q.box().intersects(candidate.coarsen(h.ratio(p.level() - 1))));
        if (free && !coveredAbove) {
          return candidate;
        }
      }
    }
    throw new IllegalStateException("no free uncovered spot");
  }

  @Test
  void garbageNumbersNameTheLine() {
    List<String> lines = Edits.lines(TestFiles.AMREX_HEADER);
    int x = extentLine(lines, 0, 1);
    Edits.set(lines, x, Edits.get(lines, x).replace("0.02", "0.0z2"));
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(x);
    assertThat(e.getMessage()).contains("level-0 box 1 extent along axis 0[").contains("'0.0z2' is not a number");
  }

  @Test
  void aCellHBoxThatDiffersFromTheHeaderNamesTheCellHLine() {
    List<String> cell = Edits.lines(TestFiles.AMREX_CELL_H);
    int n = Edits.find(cell, 1, "((0,0) (15,15) (0,0))");
    Edits.set(cell, n, "((0,0) (15,14) (0,0))");
    Path header = Edits.copy(dir, TestFiles.AMREX_HEADER, "x_Header");
    Path cellH = Edits.write(dir, "x_Level_1_Cell_H", cell);
    HierarchyFormatException e =
        catchThrowableOfType(HierarchyFormatException.class, () -> new AmrexHierarchyReader().read(header));
    assertThat(e.source()).isEqualTo(cellH.toString());
    assertThat(e.getMessage()).startsWith(cellH + ":" + n + ": box 0 ((0,0) (15,14)) differs from the Header's level-1 box 0 ((0,0) (15,15))");

    List<String> truncated = new ArrayList<>(Edits.lines(TestFiles.AMREX_CELL_H).subList(0, 700));
    Edits.write(dir, "x_Level_1_Cell_H", truncated);
    assertThatThrownBy(() -> new AmrexHierarchyReader().read(header))
        .hasMessageStartingWith(cellH + ":700: the file ends where").hasMessageContaining("truncated");
  }

  @Test
  void aRatioThatOverflowsTheIndexRangeIsAFormatError() {
    List<String> lines = Edits.lines(TestFiles.AMREX_HEADER);
    int ratios = Edits.find(lines, 1, "2 2 2 2");
    Edits.set(lines, ratios, "2147483647 2 2 2");
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(ratios + 1);
    assertThat(e.getMessage()).contains("refined by 2147483647 overflows the integer index range");
  }

  @Test
  void ratiosBeyondTheFinestLevelAreIgnoredWithANote() throws Exception {
    List<String> lines = Edits.lines(TestFiles.AMREX_HEADER);
    int ratios = Edits.find(lines, 1, "2 2 2 2");
    Edits.set(lines, ratios, "2 2 2 2 4 1 ");
    Path header = Edits.write(dir, "extra_Header", lines);
    Edits.copy(dir, TestFiles.AMREX_CELL_H, "extra_Level_1_Cell_H");
    HierarchyFile f = new AmrexHierarchyReader().read(header);
    assertThat(f.hierarchy()).isEqualTo(real().hierarchy());
    assertThat(f.hierarchy().ratios()).containsExactly(2, 2, 2, 2);
    assertThat(f.recordedRanks()).isEqualTo(real().recordedRanks());
    assertThat(f.notes()).containsExactly("Header line " + ratios + ": refinement ratios list 6 values; the finest"
        + " level 4 needs 4; the extra ones (4 1) are ignored");
  }

  @Test
  void tooFewRatiosOrAnExtraOneThatIsNoIntegerNameTheRatioLine() {
    List<String> lines = Edits.lines(TestFiles.AMREX_HEADER);
    int ratios = Edits.find(lines, 1, "2 2 2 2");
    Edits.set(lines, ratios, "2 2 2 ");
    HierarchyFormatException e = readError(lines);
    assertThat(e.line()).isEqualTo(ratios);
    assertThat(e.getMessage()).isEqualTo(source() + ":" + ratios + ": refinement ratios has 3 values, expected 4"
        + " (one per level below the finest level 4): '2 2 2'");

    Edits.set(lines, ratios, "2 2 2 2 two");
    e = readError(lines);
    assertThat(e.line()).isEqualTo(ratios);
    assertThat(e.problem()).isEqualTo("refinement ratios[4] = 'two' is not an integer");
  }
}
