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
 * The moving example stopped midway on MPJ Express ranks and restarted from its checkpoint on another number of
 * ranks ends with the uninterrupted run's solution.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class CheckpointRestartIT {
  private static final Duration LIMIT = Duration.ofSeconds(60);

  private static LaunchResult launch(int ranks, String mode, Path dir) {
    LaunchResult result = MpjLauncher.locate().withDevice(MpjDevice.MULTICORE).withRanks(ranks).withTimeout(LIMIT)
        .launch(RestartProgram.class, List.of(mode, dir.toString()));
    System.out.println(mode + " x" + ranks + ": " + result.summary());
    result.output().stream().filter(l -> l.startsWith("stopped") || l.startsWith("resumed"))
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
  @CsvSource({"4, 2", "2, 4"})
  void aRestartOnAnotherRankCountEndsWithTheUninterruptedSolution(int before, int after, @TempDir Path dir)
      throws IOException {
    launch(before, "full", dir);
    Snapshot full = read(dir.resolve("full.bin"));

    launch(before, "stop", dir);
    Checkpoint c = Checkpoint.read(dir.resolve("run.ckpt"));
    // Checkpoints after steps 3 and 6; the run stopped after 7, so the restart repeats step 7.
    assertThat(c.step()).isEqualTo(6);
    assertThat(c.assignment().ranks()).isEqualTo(before);
    assertThat(dir.resolve("run.ckpt.tmp")).doesNotExist();
    assertThat(dir.resolve("resumed.bin")).doesNotExist();

    LaunchResult resumed = launch(after, "resume", dir);
    assertThat(resumed.output()).anySatisfy(l -> assertThat(l).startsWith("resumed at step 6 on " + after));
    Snapshot got = read(dir.resolve("resumed.bin"));
    assertThat(got.patches()).hasSameSizeAs(full.patches());
    double diff = got.maxDifference(full);
    System.out.println(before + " -> " + after + " ranks: max difference " + diff);
    assertThat(diff).isLessThanOrEqualTo(1e-12);
  }
}
