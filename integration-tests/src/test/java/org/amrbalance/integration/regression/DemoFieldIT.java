package org.amrbalance.integration.regression;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.amrbalance.mesh.demo.LaplaceDemoProgram;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.amrbalance.mesh.runtime.Snapshot;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The moving demo with its default options ends with the same field, bit for bit, on 1, 2 and 4 MPJ Express ranks,
 * and with the field recorded in {@code regression/demo-field.sha256}: a change of how grids are placed, moved or
 * exchanged must not change a single bit of the solution. A change of the numerics that is meant to change it
 * records the new digest (the test prints it).
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class DemoFieldIT {
  private static final Duration LIMIT = Duration.ofSeconds(120);
  private static final int STEPS = 40;

  @ParameterizedTest(name = "{0} ranks")
  @ValueSource(ints = {1, 2, 4})
  void theDefaultDemoEndsWithTheRecordedField(int ranks, @TempDir Path dir) throws IOException {
    LaunchResult result = MpjLauncher.locate().withDevice(MpjDevice.MULTICORE).withRanks(ranks).withTimeout(LIMIT)
        .launch(LaplaceDemoProgram.class, List.of("--snapshots", dir.toString(), "--check-every",
            Integer.toString(STEPS), "--quiet"));
    assertThat(result.succeeded()).as(result.summary()).isTrue();
    Snapshot last;
    try (InputStream in = Files.newInputStream(dir.resolve(String.format("step-%04d.bin", STEPS)))) {
      last = Snapshot.read(in);
    }
    String digest = last.digest();
    System.out.println("demo field after " + STEPS + " steps on " + ranks + " ranks: sha-256 " + digest);
    assertThat(digest).isEqualTo(recorded());
  }

  static String recorded() throws IOException {
    try (InputStream in = DemoFieldIT.class.getResourceAsStream("/regression/demo-field.sha256")) {
      assertThat(in).as("regression/demo-field.sha256 on the test class path").isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
    }
  }
}
