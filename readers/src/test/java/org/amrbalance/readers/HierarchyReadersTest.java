package org.amrbalance.readers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HierarchyReadersTest {
  @TempDir
  Path dir;

  @Test
  void detectsEachFormatByContent() throws Exception {
    assertThat(HierarchyReaders.detect(TestFiles.path(TestFiles.ENZO))).isEqualTo(HierarchyFormat.ENZO);
    assertThat(HierarchyReaders.detect(TestFiles.path(TestFiles.CHOMBO_2D))).isEqualTo(HierarchyFormat.CHOMBO);
    assertThat(HierarchyReaders.detect(TestFiles.path(TestFiles.CHOMBO_3D))).isEqualTo(HierarchyFormat.CHOMBO);
    assertThat(HierarchyReaders.detect(TestFiles.path(TestFiles.AMREX_HEADER))).isEqualTo(HierarchyFormat.AMREX);
    // The names say nothing: a Chombo file named like an Enzo one is still read as Chombo.
    Path disguised = Edits.copy(dir, TestFiles.CHOMBO_2D, "looks.hierarchy");
    assertThat(HierarchyReaders.read(disguised).hierarchy())
        .isEqualTo(new ChomboHierarchyReader().read(TestFiles.path(TestFiles.CHOMBO_2D)).hierarchy());
  }

  @Test
  void readsEachFileAsItsOwnReaderDoes() throws Exception {
    for (String name : new String[] {TestFiles.ENZO, TestFiles.CHOMBO_2D}) {
      HierarchyFile viaDetector = HierarchyReaders.read(TestFiles.path(name));
      HierarchyFile direct = HierarchyReaders.reader(viaDetector.format()).read(TestFiles.path(name));
      assertThat(viaDetector).isEqualTo(direct);
    }
    for (HierarchyFormat f : HierarchyFormat.values()) {
      assertThat(HierarchyReaders.reader(f).format()).isEqualTo(f);
    }
  }

  @Test
  void anUnknownFormatNamesTheFileAndLine() {
    Path cellH = TestFiles.path(TestFiles.AMREX_CELL_H);
    HierarchyFormatException e = catchThrowableOfType(HierarchyFormatException.class, () -> HierarchyReaders.detect(cellH));
    assertThat(e.line()).isEqualTo(1);
    assertThat(e.getMessage()).startsWith(cellH + ":1: unknown hierarchy format: the first line '1'");
    Path params = TestFiles.path(TestFiles.ENZO_PARAMETERS);
    assertThatThrownBy(() -> HierarchyReaders.read(params)).isInstanceOf(HierarchyFormatException.class)
        .hasMessageStartingWith(params + ":1: unknown hierarchy format");
    Path empty = Edits.writeText(dir, "empty", "\n\n");
    assertThatThrownBy(() -> HierarchyReaders.detect(empty)).isInstanceOf(HierarchyFormatException.class)
        .hasMessage(empty + ": unknown hierarchy format: the file starts with 100 or more blank lines, or is empty");
  }

  @Test
  void formatsHaveConfigurationNames() {
    assertThat(HierarchyFormat.AMREX.configName()).isEqualTo("amrex");
    assertThat(HierarchyFormat.fromConfigName(" Enzo ")).isEqualTo(HierarchyFormat.ENZO);
    assertThatThrownBy(() -> HierarchyFormat.fromConfigName("flash")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("format = flash: unknown, known formats are enzo, chombo, amrex");
  }

  @Test
  void exceptionMessagesReadFileLineProblem() {
    HierarchyFormatException at = new HierarchyFormatException("a.txt", 7, "bad");
    assertThat(at).hasMessage("a.txt:7: bad").isInstanceOf(java.io.IOException.class);
    assertThat(at.source()).isEqualTo("a.txt");
    assertThat(at.line()).isEqualTo(7);
    assertThat(at.problem()).isEqualTo("bad");
    assertThat(new HierarchyFormatException("a.txt", HierarchyFormatException.WHOLE_FILE, "gone"))
        .hasMessage("a.txt: gone");
  }

  @Test
  void hierarchyFileChecksItsRecordedRanks() {
    Hierarchy h = Hierarchy.of(Box.ofSize(8, 8), new int[] {2},
        List.of(Patch.of(0, 0, Box.ofSize(8, 8)), Patch.of(1, 1, Box.of2d(0, 0, 3, 3))));
    assertThatThrownBy(() -> HierarchyFile.of("f", HierarchyFormat.CHOMBO, h, Map.of(9, 0)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("recordedRanks key = 9");
    assertThatThrownBy(() -> HierarchyFile.of("f", HierarchyFormat.CHOMBO, h, Map.of(0, -2)))
        .hasMessageContaining("recordedRanks[0] = -2");
    assertThatThrownBy(() -> HierarchyFile.of(" ", HierarchyFormat.CHOMBO, h, Map.of()))
        .hasMessageContaining("source =  ");

    HierarchyFile partial = HierarchyFile.of("f", HierarchyFormat.CHOMBO, h, Map.of(1, 3));
    assertThat(partial.recordedLevels()).containsExactly(1);
    assertThat(partial.recordedRankCount()).isEqualTo(4);
    assertThat(partial.recordedAssignment()).isEmpty();
    assertThat(partial.recordedLevelAssignment(1).orElseThrow().rankOf(1)).isEqualTo(3);
    assertThat(partial.levelHierarchy(1).domain()).isEqualTo(Box.ofSize(16, 16));
    assertThatThrownBy(() -> partial.recordedLevelAssignment(0, 4)).hasMessageContaining("level = 0");
    assertThatThrownBy(() -> partial.levelHierarchy(2)).hasMessageContaining("level = 2");

    HierarchyFile none = HierarchyFile.of("f", HierarchyFormat.CHOMBO, h, Map.of());
    assertThat(none.recordedRankCount()).isZero();
    assertThat(none.recordedLevels()).isEmpty();
    HierarchyFile full = HierarchyFile.of("f", HierarchyFormat.CHOMBO, h, Map.of(0, 0, 1, 1));
    assertThat(full.recordedAssignment().orElseThrow().ranks()).isEqualTo(2);
    assertThatThrownBy(() -> full.recordedAssignment(1)).hasMessageContaining("ranks = 1");
  }

  @Test
  void hierarchyFileNotesAreAnImmutablePartOfItsValue() {
    Hierarchy h = Hierarchy.of(Box.ofSize(8, 8), new int[0], List.of(Patch.of(0, 0, Box.ofSize(8, 8))));
    HierarchyFile plain = HierarchyFile.of("f", HierarchyFormat.AMREX, h, Map.of());
    assertThat(plain.notes()).isEmpty();
    assertThat(HierarchyFile.of("f", HierarchyFormat.AMREX, h, Map.of(), List.of())).isEqualTo(plain);

    List<String> given = new ArrayList<>(List.of("f line 3: something was ignored"));
    HierarchyFile noted = HierarchyFile.of("f", HierarchyFormat.AMREX, h, Map.of(), given);
    given.add("added later");
    assertThat(noted.notes()).containsExactly("f line 3: something was ignored");
    assertThatThrownBy(() -> noted.notes().add("x")).isInstanceOf(UnsupportedOperationException.class);
    assertThat(noted).isNotEqualTo(plain).hasToString("HierarchyFile[f, amrex, " + h + ", 0 recorded ranks, 1 notes]");
    assertThat(noted.hashCode()).isEqualTo(HierarchyFile.of("f", HierarchyFormat.AMREX, h, Map.of(),
        List.of("f line 3: something was ignored")).hashCode());

    assertThatThrownBy(() -> HierarchyFile.of("f", HierarchyFormat.AMREX, h, Map.of(), null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("notes = null");
    assertThatThrownBy(() -> HierarchyFile.of("f", HierarchyFormat.AMREX, h, Map.of(), List.of("ok", " ")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("notes[1] =  : must be a sentence");
  }

  @Test
  void anAmrexPlotfileFolderIsReadAsItsHeader() throws Exception {
    Path header = Edits.copy(dir, TestFiles.AMREX_HEADER, "plt00100/Header");
    Edits.copy(dir, TestFiles.AMREX_CELL_H, "plt00100/Level_1/Cell_H");
    Path folder = header.getParent();
    HierarchyFile direct = new AmrexHierarchyReader().read(header);
    assertThat(direct.recordedLevels()).as("Level_1/Cell_H found beside the Header").containsExactly(1);

    assertThat(HierarchyReaders.resolve(folder)).isEqualTo(header);
    assertThat(HierarchyReaders.resolve(header)).isEqualTo(header);
    assertThat(HierarchyReaders.detect(folder)).isEqualTo(HierarchyFormat.AMREX);
    HierarchyFile viaFolder = HierarchyReaders.read(folder);
    assertThat(viaFolder).isEqualTo(HierarchyReaders.read(header)).isEqualTo(direct);
    assertThat(viaFolder.source()).isEqualTo(header.toString());
    // The reader chosen by name (a command's --format amrex) takes the folder as well.
    assertThat(HierarchyReaders.reader(HierarchyFormat.AMREX).read(folder)).isEqualTo(direct);
    assertThat(new AmrexHierarchyReader().read(folder, Map.of())).isEqualTo(HierarchyFile.of(direct.source(),
        direct.format(), direct.hierarchy(), Map.of()));
  }

  @Test
  void aFolderWithoutAHeaderIsAnErrorNamingTheFolder() throws Exception {
    Path folder = dir.resolve("not_a_plotfile");
    Files.createDirectories(folder.resolve("Level_0"));
    Edits.copy(dir, TestFiles.AMREX_CELL_H, "not_a_plotfile/Level_0/Cell_H");
    for (ThrowingCallable call : List.<ThrowingCallable>of(() -> HierarchyReaders.read(folder),
        () -> HierarchyReaders.detect(folder), () -> HierarchyReaders.resolve(folder),
        () -> new AmrexHierarchyReader().read(folder))) {
      HierarchyFormatException e = catchThrowableOfType(HierarchyFormatException.class, call);
      assertThat(e.source()).isEqualTo(folder.toString());
      assertThat(e.line()).isEqualTo(HierarchyFormatException.WHOLE_FILE);
      assertThat(e.getMessage()).isEqualTo(folder + ": is a folder that holds no AMReX plotfile Header: expected a"
          + " file named 'Header' in it (with the levels' box lists in Level_N/Cell_H), as in a plotfile folder such"
          + " as plt00100; for another format, give the hierarchy file itself");
    }
    // A folder named Header is not the file; flattened copies in the folder are named as the files to give.
    Files.createDirectories(folder.resolve("Header"));
    Edits.copy(dir, TestFiles.AMREX_HEADER, "not_a_plotfile/plt2_Header");
    Edits.copy(dir, TestFiles.AMREX_HEADER, "not_a_plotfile/plt1_Header");
    assertThatThrownBy(() -> HierarchyReaders.read(folder)).isInstanceOf(HierarchyFormatException.class)
        .hasMessageContaining("; it holds plt1_Header, plt2_Header: give one of them as the file to read;");
  }

  @Test
  void aFolderWhoseHeaderIsNoAmrexHeaderIsReportedAtTheHeadersFirstLine() {
    Path notAmrex = Edits.copy(dir, TestFiles.ENZO_PARAMETERS, "params/Header");
    assertThatThrownBy(() -> HierarchyReaders.read(notAmrex.getParent())).isInstanceOf(HierarchyFormatException.class)
        .hasMessageStartingWith(notAmrex + ":1: unknown hierarchy format");
  }
}
