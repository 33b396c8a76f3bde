package org.amrbalance.readers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HierarchyTextTest {
  @Test
  void linesEndAtTheSameBreaksAsWhenAFileIsRead() {
    HierarchyText t = HierarchyText.of("t", "a\nb\r\nc\rd\n\ne");
    assertThat(t.lines()).containsExactly("a", "b", "c", "d", "", "e");
    assertThat(t.lineCount()).isEqualTo(6);
    assertThat(HierarchyText.of("t", "a\n").lines()).containsExactly("a");
    assertThat(HierarchyText.of("t", "").lineCount()).isZero();
  }

  @Test
  void aTextNeedsANameAndContent() {
    assertThatThrownBy(() -> HierarchyText.of(" ", "x")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name =  : must name the text");
    assertThatThrownBy(() -> HierarchyText.of("t", null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("text = null: must not be null");
  }

  @Test
  void enzoAndAmrexTextsReadAsTheirFiles() throws Exception {
    Path h = TestFiles.path(TestFiles.ENZO);
    Path p = TestFiles.path(TestFiles.ENZO_PARAMETERS);
    assertThat(new EnzoHierarchyReader().read(HierarchyText.read(h), HierarchyText.read(p)))
        .isEqualTo(new EnzoHierarchyReader().read(h, p));
    Path header = TestFiles.path(TestFiles.AMREX_HEADER);
    Path cellH = TestFiles.path(TestFiles.AMREX_CELL_H);
    assertThat(new AmrexHierarchyReader().read(HierarchyText.read(header), Map.of(1, HierarchyText.read(cellH))))
        .isEqualTo(new AmrexHierarchyReader().read(header, Map.of(1, cellH)));
  }

  @Test
  void aCellHOfAMissingLevelOrANullEntryIsRefused() throws Exception {
    HierarchyText header = HierarchyText.read(TestFiles.path(TestFiles.AMREX_HEADER));
    HierarchyText cellH = HierarchyText.read(TestFiles.path(TestFiles.AMREX_CELL_H));
    HierarchyFormatException e = catchThrowableOfType(HierarchyFormatException.class,
        () -> new AmrexHierarchyReader().read(header, Map.of(7, cellH)));
    assertThat(e).hasMessage(header.name() + ": a Cell_H is given for level 7 but the Header has levels 0 to 4");
    Map<Integer, HierarchyText> withNull = new HashMap<>();
    withNull.put(1, null);
    assertThatThrownBy(() -> new AmrexHierarchyReader().read(header, withNull))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("cellHeaders = {1=null}");
  }
}
