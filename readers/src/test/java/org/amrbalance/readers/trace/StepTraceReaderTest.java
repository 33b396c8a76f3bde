package org.amrbalance.readers.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepTraceReaderTest {
  @TempDir
  Path dir;

  @Test
  void whatTheWriterWritesReadsBackExactlyPlainAndGzipped() throws IOException {
    SplittableRandom rng = new SplittableRandom(3);
    double[][] times = new double[6][3];
    for (double[] step : times) {
      for (int r = 0; r < step.length; r++) {
        step[r] = rng.nextDouble() / 7;
      }
    }
    for (String name : new String[] {"t.csv", "t.csv.gz"}) {
      Path file = dir.resolve(name);
      try (StepTraceWriter w = StepTraceWriter.create(file)) {
        for (int s = 0; s < times.length; s++) {
          if (s == 2) {
            w.regrid(s + 1, 0.25).remap(s + 1, 0.5);
          }
          w.times(s + 1, times[s]);
          if (s == 4) {
            w.remap(s + 1, 0.125);
          }
          if (s >= 3) {
            w.wall(s + 1, 1.5 + s);
          }
        }
      }
      StepTrace t = StepTraceReader.read(file);
      assertThat(t.ranks()).isEqualTo(3);
      assertThat(t.steps()).hasSize(6);
      assertThat(t.remaps()).isEqualTo(2);
      for (int s = 0; s < times.length; s++) {
        assertThat(t.steps().get(s).number()).isEqualTo(s + 1);
        assertThat(t.steps().get(s).seconds()).containsExactly(times[s]);
      }
      assertThat(t.steps().get(2).regrid()).hasValue(0.25);
      assertThat(t.steps().get(2).remapBefore()).hasValue(0.5);
      assertThat(t.steps().get(4).remapAfter()).hasValue(0.125);
      assertThat(t.steps().get(4).remapBefore()).isEmpty();
      assertThat(t.steps().get(2).wall()).isEmpty();
      assertThat(t.steps().get(4).wall()).hasValue(5.5);
      assertThat(t.steps().get(4).remapAfter()).as("a wall row keeps the remap before it").hasValue(0.125);
    }
    assertThat(Files.readAllBytes(dir.resolve("t.csv.gz"))[0] & 0xff).as("gzip magic").isEqualTo(0x1f);
  }

  @Test
  void commentsBlankLinesAndRowsOfAStepInAnyRankOrderAreAccepted() throws IOException {
    StepTrace t = read("# a solver's log\nstep,rank,seconds\n\n0,1,2.0\n0,0,1\n1,0,3\n1,1,4\n");
    assertThat(t.steps().get(0).seconds()).containsExactly(1, 2);
    assertThat(t.steps().get(1).average()).isEqualTo(3.5);
  }

  /** Each case: what is wrong, the file's content, and the message after the file's name. */
  private static final String[][] BAD = {
      {"missing header", "0,0,1\n", ":1: expected the header 'step,rank,seconds'"},
      {"non-numeric seconds", "step,rank,seconds\n0,0,fast\n", ":2: seconds = 'fast': not a number"},
      {"negative seconds", "step,rank,seconds\n0,0,-1\n", ":2: seconds = -1: must be finite and >= 0"},
      {"NaN seconds", "step,rank,seconds\n0,0,NaN\n", ":2: seconds = NaN: must be finite and >= 0"},
      {"infinite seconds", "step,rank,seconds\n0,0,Infinity\n", ":2: seconds = Infinity: must be finite"},
      {"a step missing a rank", "step,rank,seconds\n0,0,1\n0,1,1\n1,1,1\n2,0,1\n2,1,1\n", ":4: step 1 has no time for rank 0"},
      {"a rank beyond the first step's", "step,rank,seconds\n0,0,1\n1,0,1\n1,1,1\n", ":4: step 1: rank 1, but the first step has ranks 0-0"},
      {"first step with a gap", "step,rank,seconds\n0,0,1\n0,2,1\n", ":2: step 0 has no time for rank 1"},
      {"steps out of order", "step,rank,seconds\n1,0,1\n0,0,1\n", ":3: step 0 (time) after the times of step 1: steps must increase"},
      {"a step's rows apart", "step,rank,seconds\n0,0,1\n1,0,1\n0,1,1\n", ":4: step 0 (time) after the times of step 1"},
      {"a rank twice", "step,rank,seconds\n0,0,1\n0,0,2\n", ":3: step 0: a second time for rank 0"},
      {"two columns", "step,rank,seconds\n0,0\n", ":2: expected 3 columns"},
      {"a bad rank", "step,rank,seconds\n0,x,1\n", ":2: rank = 'x': must be a rank number"},
      {"a bad step", "step,rank,seconds\n-1,0,1\n", ":2: step = '-1': must be a whole number >= 0"},
      {"a regrid after times", "step,rank,seconds\n0,0,1\n0,regrid,1\n", ":3: step 0 (regrid) after the times of step 0"},
      {"a dangling remap", "step,rank,seconds\n0,0,1\n1,remap,1\n", ":3: the remap row of step 1 is not followed by the times of step 1"},
      {"a wall row before its times", "step,rank,seconds\n0,0,1\n1,wall,1\n1,0,1\n", ":3: step 1: a wall row must follow the step's times"},
      {"two wall rows", "step,rank,seconds\n0,0,1\n0,wall,1\n0,wall,2\n", ":4: step 0: a second wall row"},
      {"a negative wall time", "step,rank,seconds\n0,0,1\n0,wall,-1\n", ":3: seconds = -1: must be finite and >= 0"},
      {"no steps", "step,rank,seconds\n", ": no step times after the header"},
      {"an empty file", "", ": empty: expected the header"}};

  @Test
  void aBadTraceNamesTheFileTheLineAndTheProblemOnOneLine() throws IOException {
    Path file = dir.resolve("bad.csv");
    for (String[] c : BAD) {
      Files.writeString(file, c[1], StandardCharsets.UTF_8);
      assertThatThrownBy(() -> StepTraceReader.read(file)).as(c[0]).isInstanceOf(StepTraceFormatException.class)
          .hasMessageStartingWith(file + c[2])
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
  }

  @Test
  void aDirectoryABinaryFileBrokenGzipAndAMissingFileAreErrorsNamingTheFile() throws IOException {
    assertThatThrownBy(() -> StepTraceReader.read(dir)).hasMessage(dir + ": is a directory, not a trace file");
    Path binary = Files.write(dir.resolve("b.bin"), new byte[] {0, (byte) 0xff, (byte) 0xfe, 7});
    assertThatThrownBy(() -> StepTraceReader.read(binary)).hasMessage(binary
        + ": not a text file (bytes that are not UTF-8 text)");
    Path nul = Files.write(dir.resolve("n.csv"), "step,rank,seconds\n0,0,1\0\n".getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> StepTraceReader.read(nul)).hasMessageContaining("not a text file");
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (var w = new OutputStreamWriter(new GZIPOutputStream(gz), StandardCharsets.UTF_8)) {
      w.write("step,rank,seconds\n0,0,1\n".repeat(50));
    }
    byte[] cut = java.util.Arrays.copyOf(gz.toByteArray(), gz.size() / 2);
    Path broken = Files.write(dir.resolve("c.csv.gz"), cut);
    assertThatThrownBy(() -> StepTraceReader.read(broken)).hasMessageStartingWith(broken + ": broken gzip data");
    Path missing = dir.resolve("none.csv");
    assertThatThrownBy(() -> StepTraceReader.read(missing)).hasMessage(missing + ": no such file");
  }

  private static StepTrace read(String content) throws IOException {
    return StepTraceReader.read("mem.csv", content.getBytes(StandardCharsets.UTF_8));
  }
}
