package org.amrbalance.readers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Header and VisMF variants AMReX's writers produce, on the small plotfiles of {@code amrex-variants} (see its
 * README). Expected boxes are worked out by hand from each file's extents and cell sizes.
 */
class AmrexHeaderVariantsTest {
  @TempDir
  Path dir;

  private static Path variant(String name) {
    URL url = AmrexHeaderVariantsTest.class.getResource("/amrex-variants/" + name + "/Header");
    if (url == null) {
      throw new IllegalStateException("test resource amrex-variants/" + name + " is missing");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Copies a variant's directory into the test's directory, so that its files can be edited. */
  private Path copy(String name) throws IOException {
    Path from = variant(name).getParent();
    Path to = dir.resolve(name);
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    return to.resolve("Header");
  }

  private static List<String> lines(Path p) {
    try {
      return new ArrayList<>(Files.readAllLines(p, StandardCharsets.ISO_8859_1));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Box> boxes(Hierarchy h, int level) {
    return h.level(level).stream().map(Patch::box).toList();
  }

  @Test
  void anEbPlotfileEndsWithOneVolumeFractionThresholdPerLevel() throws Exception {
    HierarchyFile f = new AmrexHierarchyReader().read(variant("eb_amrlevel"));
    Hierarchy h = f.hierarchy();
    assertThat(h.domain()).isEqualTo(Box.ofSize(16, 16));
    assertThat(h.ratios()).containsExactly(2);
    // dx = 1/16: x in [0, 0.5] is cells 0..7 and [0.5, 1] cells 8..15.
    assertThat(boxes(h, 0)).containsExactly(Box.of2d(0, 0, 7, 15), Box.of2d(8, 0, 15, 15));
    // dx = 1/32: [0.25, 0.5] x [0.25, 0.75] is cells 8..15 x 8..23.
    assertThat(boxes(h, 1)).containsExactly(Box.of2d(8, 8, 15, 23));
    assertThat(h.patch(0).payloadBytes()).isEqualTo(8L * 16 * 3 * Double.BYTES); // vfrac is a plotted variable
    // Cell_D_00000, Cell_D_00001 on level 0 (VisMF version 1), Cell_D_00001 on level 1 (version 3).
    assertThat(f.recordedRanks()).isEqualTo(Map.of(0, 0, 1, 1, 2, 1));
  }

  @Test
  void thresholdsWrittenTwiceAreReadAndAnythingElseAfterTheLastLevelNamesItsLine() throws Exception {
    Path header = copy("eb_amrlevel");
    List<String> lines = lines(header);
    // A code that writes the thresholds in writePlotFilePost as well as AMReX: two per level.
    List<String> twice = new ArrayList<>(lines);
    twice.addAll(List.of("1.0e-6", "1.0e-6"));
    Files.write(header, twice, StandardCharsets.ISO_8859_1);
    assertThat(new AmrexHierarchyReader().read(header).hierarchy().patchCount()).isEqualTo(3);

    List<String> word = new ArrayList<>(lines);
    word.add("vfrac");
    Files.write(header, word, StandardCharsets.ISO_8859_1);
    HierarchyFormatException e =
        catchThrowableOfType(HierarchyFormatException.class, () -> new AmrexHierarchyReader().read(header));
    assertThat(e.source()).isEqualTo(header.toString());
    assertThat(e.line()).isEqualTo(word.size());
    assertThat(e.getMessage()).contains("volume-fraction threshold").contains("'vfrac' is not a number");

    List<String> pair = new ArrayList<>(lines);
    pair.add(lines.size() - 1, "0 1");
    Files.write(header, pair, StandardCharsets.ISO_8859_1);
    e = catchThrowableOfType(HierarchyFormatException.class, () -> new AmrexHierarchyReader().read(header));
    assertThat(e.line()).isEqualTo(lines.size());
    assertThat(e.getMessage()).contains("unexpected content after the last level: '0 1'");
  }

  @Test
  void levelAndMultiFabPrefixesNameTheBoxLists() throws Exception {
    HierarchyFile f = new AmrexHierarchyReader().read(variant("prefixed_3d"));
    Hierarchy h = f.hierarchy();
    assertThat(h.domain()).isEqualTo(Box.ofSize(8, 8, 8));
    assertThat(h.ratios()).containsExactly(4);
    assertThat(boxes(h, 0)).containsExactly(Box.ofSize(8, 8, 8));
    // dx = 1/32: [0.25, 0.5] x [0.25, 0.5] x [0, 0.25] and its neighbour at x in [0.5, 0.75].
    assertThat(boxes(h, 1)).containsExactly(Box.of(new int[] {8, 8, 0}, new int[] {15, 15, 7}),
        Box.of(new int[] {16, 8, 0}, new int[] {23, 15, 7}));
    // lev0/data_H and lev1/data_H (VisMF version 2) were found from the paths the Header names.
    assertThat(f.recordedRanks()).isEqualTo(Map.of(0, 0, 1, 2, 2, 3));
  }

  @Test
  void aSingleLevelWithAShiftedDomainHasAnEmptyRatioLine() throws Exception {
    HierarchyFile f = new AmrexHierarchyReader().read(variant("shifted_single_level"));
    Hierarchy h = f.hierarchy();
    assertThat(h.levelCount()).isEqualTo(1);
    assertThat(h.domain()).isEqualTo(Box.of2d(16, 0, 31, 15));
    // Extents are relative to the domain's low corner: x in [0, 0.5] is cells 16..23.
    assertThat(boxes(h, 0)).containsExactly(Box.of2d(16, 0, 23, 15), Box.of2d(24, 0, 31, 15));
    assertThat(f.recordedRanks()).isEqualTo(Map.of(0, 0, 1, 0)); // VisMF version 4
  }

  @Test
  void aFlattenedCopyFindsItsBoxListsUnderThePrefixedNames() throws Exception {
    Path header = dir.resolve("plt_Header");
    Files.copy(variant("prefixed_3d"), header);
    Files.copy(variant("prefixed_3d").resolveSibling("lev1").resolve("data_H"), dir.resolve("plt_lev1_data_H"));
    assertThat(new AmrexHierarchyReader().read(header).recordedRanks()).isEqualTo(Map.of(1, 2, 2, 3));
  }

  @Test
  void aVisMfVersionAmrexDoesNotWriteNamesTheCellHLine() throws Exception {
    Path header = copy("shifted_single_level");
    Path cellH = header.resolveSibling("Level_0").resolve("Cell_H");
    List<String> lines = lines(cellH);
    lines.set(0, "5");
    Files.write(cellH, lines, StandardCharsets.ISO_8859_1);
    HierarchyFormatException e =
        catchThrowableOfType(HierarchyFormatException.class, () -> new AmrexHierarchyReader().read(header));
    assertThat(e.source()).isEqualTo(cellH.toString());
    assertThat(e.line()).isEqualTo(1);
    assertThat(e.getMessage()).contains("VisMF header version = 5");
  }

  @Test
  void perComponentMinimaOfTheWrongCountNameTheirLine() throws Exception {
    Path header = copy("shifted_single_level");
    Path cellH = header.resolveSibling("Level_0").resolve("Cell_H");
    List<String> lines = lines(cellH);
    int minima = lines.indexOf("0.0,1.0,") + 1;
    lines.set(minima - 1, "0.0,");
    Files.write(cellH, lines, StandardCharsets.ISO_8859_1);
    HierarchyFormatException e =
        catchThrowableOfType(HierarchyFormatException.class, () -> new AmrexHierarchyReader().read(header));
    assertThat(e.line()).isEqualTo(minima);
    assertThat(e.getMessage()).contains("per-component minima hold 1 values, expected 2");
  }

  @Test
  void aMissingNumberFormatOfVersionTwoIsTheTruncatedEnd() throws Exception {
    Path header = copy("prefixed_3d");
    Path cellH = header.resolveSibling("lev1").resolve("data_H");
    List<String> lines = lines(cellH);
    lines.remove(lines.size() - 1);
    Files.write(cellH, lines, StandardCharsets.ISO_8859_1);
    HierarchyFormatException e =
        catchThrowableOfType(HierarchyFormatException.class, () -> new AmrexHierarchyReader().read(header));
    assertThat(e.source()).isEqualTo(cellH.toString());
    assertThat(e.getMessage()).contains("number format").contains("truncated");
  }

  @Test
  void aLevelPathThatIsNotARelativePathNamesItsLine() throws Exception {
    Path header = copy("prefixed_3d");
    List<String> lines = lines(header);
    int path = lines.indexOf("lev0/data") + 1;
    lines.set(path - 1, "/abs/data");
    Files.write(header, lines, StandardCharsets.ISO_8859_1);
    HierarchyFormatException e =
        catchThrowableOfType(HierarchyFormatException.class, () -> new AmrexHierarchyReader().read(header));
    assertThat(e.line()).isEqualTo(path);
    assertThat(e.getMessage()).contains("MultiFab path of level 0").contains("'/abs/data'");
  }

  @Test
  void aRatioPerAllowedLevelIsReadForTheLevelsWritten() throws Exception {
    // A writer that lists one ratio per level it allows (max_level = 3) but wrote levels 0 and 1 only.
    HierarchyFile asWritten = new AmrexHierarchyReader().read(variant("eb_amrlevel"));
    Path header = copy("eb_amrlevel");
    List<String> lines = lines(header);
    int ratios = lines.indexOf("2 ") + 1;
    lines.set(ratios - 1, "2 2 2 ");
    Files.write(header, lines, StandardCharsets.ISO_8859_1);
    HierarchyFile f = new AmrexHierarchyReader().read(header);
    assertThat(f.hierarchy()).isEqualTo(asWritten.hierarchy());
    assertThat(f.recordedRanks()).isEqualTo(asWritten.recordedRanks());
    assertThat(f.notes()).containsExactly("Header line " + ratios + ": refinement ratios list 3 values; the finest"
        + " level 1 needs 1; the extra ones (2 2) are ignored");

    // One level written: every listed ratio is extra.
    Path single = copy("shifted_single_level");
    List<String> one = lines(single);
    int empty = one.indexOf("1 1 ") + 2; // the line after prob_hi
    assertThat(one.get(empty - 1)).as("the empty ratio line").isBlank();
    one.set(empty - 1, "4");
    Files.write(single, one, StandardCharsets.ISO_8859_1);
    HierarchyFile s = new AmrexHierarchyReader().read(single);
    assertThat(s.hierarchy()).isEqualTo(new AmrexHierarchyReader().read(variant("shifted_single_level")).hierarchy());
    assertThat(s.notes()).containsExactly("Header line " + empty + ": refinement ratios list 1 values; the finest"
        + " level 0 needs 0; the extra ones (4) are ignored");
  }
}
