package org.amrbalance.integration.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.amrbalance.mesh.runtime.Checkpoint;
import org.amrbalance.mesh.runtime.Snapshot;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The moving example stopped midway on MPJ Express ranks and restarted from its checkpoint on the same or another
 * number of ranks ends with the uninterrupted run's solution, and its trigger goes on from its saved state.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class CheckpointRestartIT {
  private static final Duration LIMIT = Duration.ofSeconds(60);

  private static LaunchResult launch(int ranks, String mode, Path dir) {
    LaunchResult result = MpjLauncher.locate().withDevice(MpjDevice.MULTICORE).withRanks(ranks).withTimeout(LIMIT)
        .launch(RestartProgram.class, List.of(mode, dir.toString()));
    System.out.println(mode + " x" + ranks + ": " + result.summary());
    result.output().stream().filter(l -> l.startsWith("stopped") || l.startsWith("resumed")
            || l.startsWith("remaps"))
        .forEach(System.out::println);
    assertThat(result.succeeded()).as(result.summary()).isTrue();
    return result;
  }

  private static Snapshot read(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return Snapshot.read(in);
    }
  }

  @ParameterizedTest(name = "{0} -> {1} ranks")
  @CsvSource({"4, 2", "2, 4", "2, 2"})
  void aRestartEndsWithTheUninterruptedSolutionAndTrigger(int before, int after, @TempDir Path dir)
      throws IOException {
    LaunchResult whole = launch(before, "full", dir);
    // fixed-interval, m = 4: after steps 4 and 8 (11 steps).
    assertThat(whole.output()).anySatisfy(l -> assertThat(l).contains("remaps at steps [4, 8]"));
    Snapshot full = read(dir.resolve("full.bin"));

    launch(before, "stop", dir);
    Checkpoint c = Checkpoint.read(dir.resolve("run.ckpt"));
    // Checkpoints after steps 3 and 6; the run stopped after 7, so the restart repeats step 7.
    assertThat(c.step()).isEqualTo(6);
    assertThat(c.assignment().ranks()).isEqualTo(before);
    assertThat(dir.resolve("run.ckpt.tmp")).doesNotExist();
    assertThat(dir.resolve("resumed.bin")).doesNotExist();

    LaunchResult resumed = launch(after, "resume", dir);
    // The checkpoint after step 6 holds the trigger 2 steps after its remap: on the same ranks it remaps after step
    // 8 as the uninterrupted run did (a fresh trigger would wait until 10); on other ranks the restart placed the
    // grids anew, which counts as a remap, so the next one is 4 steps later.
    String remaps = before == after ? "[8]" : "[10]";
    assertThat(resumed.output()).anySatisfy(l -> assertThat(l)
        .contains("resumed at step 6 on " + after + " ranks, remaps at steps " + remaps));
    Snapshot got = read(dir.resolve("resumed.bin"));
    assertThat(got.patches()).hasSameSizeAs(full.patches());
    double diff = got.maxDifference(full);
    System.out.println(before + " -> " + after + " ranks: max difference " + diff);
    assertThat(diff).isLessThanOrEqualTo(1e-12);
  }
}
