package org.amrbalance.mesh.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.amrbalance.readers.trace.StepTrace;
import org.amrbalance.readers.trace.StepTraceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --trace}: the demo writes what it measured in the replay format, rank 0 only. */
class DemoTraceIT {
  @Test
  void theTraceHoldsEveryStepsTimesRegridsAndRemapsAsTheRunReportedThem(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("run.csv.gz");
    List<String> programArgs = new ArrayList<>(LaplaceDemo.Args.parse("--problem", "small", "--steps", "4", "--lmax", "2", "--ranks", "2",
        "--trigger", "every-regrid", "--trace", file.toString(), "--output", dir.toString()).programArgs());
    programArgs.addAll(List.of("--quiet", "--step-json"));
    String printed = ThreadRanks.output(2, programArgs);
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> steps = new ArrayList<>();
    for (String line : printed.lines().toList()) {
      if (line.startsWith(LaplaceDemoProgram.STEP_JSON)) {
        steps.add(json.readTree(line.substring(LaplaceDemoProgram.STEP_JSON.length())));
      }
    }
    StepTrace trace = StepTraceReader.read(file);
    assertThat(trace.ranks()).isEqualTo(2);
    assertThat(trace.steps()).hasSize(steps.size()).hasSize(4);
    int remaps = 0;
    for (int i = 0; i < steps.size(); i++) {
      StepTrace.Step s = trace.steps().get(i);
      JsonNode reported = steps.get(i);
      assertThat(s.number()).isEqualTo(reported.get("step").asLong());
      assertThat(s.regrid().isPresent()).isEqualTo(reported.get("regridded").asBoolean());
      assertThat(s.max()).as("the slowest rank's sweeps").isEqualTo(reported.get("computeSeconds").asDouble());
      assertThat(s.wall()).as("the step's wall time").hasValue(reported.get("wallSeconds").asDouble());
      int here = (s.remapBefore().isPresent() ? 1 : 0) + (s.remapAfter().isPresent() ? 1 : 0);
      assertThat(here).isEqualTo(reported.get("remaps").asInt());
      if (here > 0) {
        assertThat(s.remapBefore().orElse(0) + s.remapAfter().orElse(0))
            .isEqualTo(reported.get("remapSeconds").asDouble());
      }
      remaps += here;
    }
    assertThat(remaps).as("every-regrid remaps at the regrids of steps 2 and 4").isEqualTo(2);
    assertThat(trace.steps().get(1).remapBefore()).as("at the regrid, before the times").isPresent();
  }

  @Test
  void aTraceIsNotWrittenByTheBenchmarkNorIntoADirectory(@TempDir Path dir) {
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--bench", "--trace", "t.csv"))
        .hasMessage("--trace: not with --bench");
    assertThatThrownBy(() -> LaplaceDemo.Args.parse("--trace", dir.toString()))
        .hasMessage("--trace = " + dir + ": is a directory");
  }
}
