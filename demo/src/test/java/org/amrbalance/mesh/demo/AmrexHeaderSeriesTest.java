package org.amrbalance.mesh.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyFormat;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --write-hierarchy}: the plotfile header series reads back, through the AMReX reader, as what was written. */
class AmrexHeaderSeriesTest {
  @TempDir
  Path dir;

  @Test
  void aWrittenHeaderReadsBackToTheSameBoxesDomainRatiosAndRanks() throws Exception {
    // 64 x 64 level 0 in two boxes; level 1 (ratio 2) one box cut in two pieces; level 2 (ratio 4) one box.
    Hierarchy h = Hierarchy.of(Box.of2d(0, 0, 63, 63), new int[] {2, 4, 2}, List.of(
        Patch.of(0, 0, Box.of2d(0, 0, 31, 63)), Patch.of(1, 0, Box.of2d(32, 0, 63, 63)),
        Patch.of(2, 1, Box.of2d(16, 16, 79, 47)), Patch.of(3, 2, Box.of2d(80, 80, 111, 127))));
    Assignment a = Assignment.of(h, 3, List.of(Piece.whole(h.patch(0), 0), Piece.whole(h.patch(1), 1),
        Piece.of(2, Box.of2d(16, 16, 47, 47), 2), Piece.of(2, Box.of2d(48, 16, 79, 47), 0),
        Piece.whole(h.patch(3), 1)));
    Path plt = new AmrexHeaderSeries(dir).write(12, 12, a, 1.0 / 64);
    assertThat(plt.getFileName().toString()).isEqualTo("plt00012");

    HierarchyFile back = HierarchyReaders.read(plt);
    assertThat(back.format()).isEqualTo(HierarchyFormat.AMREX);
    assertThat(back.notes()).isEmpty();
    Hierarchy r = back.hierarchy();
    assertThat(r.domain()).isEqualTo(h.domain());
    assertThat(r.levelCount()).isEqualTo(3);
    assertThat(r.ratio(0)).isEqualTo(2);
    assertThat(r.ratio(1)).isEqualTo(4);
    for (int l = 0; l < 3; l++) {
      List<Piece> written = AmrexHeaderSeries.ordered(a, l);
      List<Patch> read = r.level(l).stream().sorted(java.util.Comparator.comparingInt(Patch::id)).toList();
      assertThat(read).hasSameSizeAs(written);
      for (int i = 0; i < read.size(); i++) {
        assertThat(read.get(i).box()).isEqualTo(written.get(i).box());
        assertThat(back.recordedRanks().get(read.get(i).id())).isEqualTo(written.get(i).rank());
      }
    }
  }
}
