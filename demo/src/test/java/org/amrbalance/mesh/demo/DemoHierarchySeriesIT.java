package org.amrbalance.mesh.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.readers.HierarchyFile;
import org.amrbalance.readers.HierarchyReaders;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.readers.trace.StepTraceReader;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --write-hierarchy} in a demo run: one header at the start and one per regrid, and a failed write stops every rank. */
class DemoHierarchySeriesIT {
  @TempDir
  Path dir;

  @Test
  void theDemoWritesOneHeaderAtTheStartAndOneAtEveryRegrid() throws Exception {
    Path series = dir.resolve("series");
    Path trace = dir.resolve("trace.csv");
    List<String> programArgs = new ArrayList<>(LaplaceDemo.Args.parse("--problem", "small", "--steps", "5", "--lmax", "2", "--ranks", "2",
        "--regrid", "2", "--write-hierarchy", series.toString(), "--trace", trace.toString(), "--output",
        dir.toString()).programArgs());
    programArgs.add("--quiet");
    ThreadRanks.output(2, programArgs);
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
