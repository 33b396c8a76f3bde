package org.amrbalance.mesh.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyFormat;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.readers.trace.StepTraceReader;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.amrbalance.spi.parallel.ThreadCollectives;
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

  @Test
  void theDemoWritesOneHeaderAtTheStartAndOneAtEveryRegrid() throws Exception {
    Path series = dir.resolve("series");
    Path trace = dir.resolve("trace.csv");
    List<String> programArgs = new ArrayList<>(LaplaceDemo.Args.parse("--problem", "small", "--steps", "5", "--lmax", "2", "--ranks", "2",
        "--regrid", "2", "--write-hierarchy", series.toString(), "--trace", trace.toString(), "--output",
        dir.toString()).programArgs());
    programArgs.add("--quiet");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      ThreadCollectives.run(2, c -> {
        try {
          LaplaceDemoProgram.run(CollectiveCommunicator.over(c), programArgs, out);
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
        return null;
      });
    }
    StepTrace t = StepTraceReader.read(trace);
    List<Long> expected = new ArrayList<>(List.of(0L));
    t.steps().stream().filter(s -> s.regrid().isPresent()).forEach(s -> expected.add(s.number()));
    List<Path> folders;
    try (Stream<Path> list = Files.list(series)) {
      folders = list.sorted().toList();
    }
    assertThat(folders).extracting(p -> Long.parseLong(p.getFileName().toString().substring(3)))
        .containsExactlyElementsOf(expected);
    assertThat(expected).hasSizeGreaterThan(2);
    for (Path plt : folders) {
      HierarchyFile f = HierarchyReaders.read(plt);
      assertThat(f.hierarchy().levelCount()).isBetween(1, 3);
      assertThat(f.recordedAssignment()).as("every box has its rank").isPresent();
      assertThat(f.recordedRankCount()).isLessThanOrEqualTo(2);
    }
    // A series folder that cannot be written (a file where a plotfile folder goes) stops every rank, not rank 0 alone.
    Path blocked = dir.resolve("blocked");
    Files.createDirectories(blocked);
    Files.writeString(blocked.resolve("plt00000"), "in the way");
    List<String> failing = new ArrayList<>(LaplaceDemo.Args.parse("--problem", "small", "--steps", "2", "--lmax", "1",
        "--ranks", "2", "--write-hierarchy", blocked.toString(), "--output", dir.toString()).programArgs());
    failing.add("--quiet");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ThreadCollectives.run(2, c -> {
      try {
        LaplaceDemoProgram.run(CollectiveCommunicator.over(c), failing, new PrintStream(new ByteArrayOutputStream()));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      return null;
    })).hasStackTraceContaining("--write-hierarchy after step 0 failed on rank 0");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> LaplaceDemo.Args.parse("--write-hierarchy",
        trace.toString())).hasMessageContaining("--write-hierarchy = " + trace + ": is a file");
  }
}
