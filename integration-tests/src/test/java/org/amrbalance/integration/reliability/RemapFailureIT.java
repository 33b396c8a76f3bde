package org.amrbalance.integration.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A failure injected on rank 1 (of 3 MPJ multicore ranks) into each phase of a remap, a stall beyond the remap
 * timeout included: no grid data is lost or changed, the trigger is told of every failed remap, and the run
 * completes with the solution of a run without faults.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class RemapFailureIT {
  @ParameterizedTest
  @ValueSource(strings = {"PACK", "SEND", "UNPACK", "STALL"})
  void aRemapFailingInAnyPhaseIsUndoneAndTheRunCompletes(String phase) {
    LaunchResult result = MpjLauncher.locate().withDevice(MpjDevice.MULTICORE).withRanks(3)
        .withTimeout(Duration.ofSeconds(60)).launch(RemapFailureProgram.class, List.of(phase));
    System.out.println(phase + ": " + result.summary());
    result.output().stream().filter(l -> l.startsWith(RemapFailureProgram.OK) || l.startsWith("first failure"))
        .forEach(System.out::println);
    assertThat(result.succeeded()).as(result.summary()).isTrue();
    String line = result.output().stream().filter(l -> l.startsWith(RemapFailureProgram.OK)).findFirst()
        .orElseThrow();
    Matcher m = Pattern.compile("(\\d+) patches, checksums (\\w+); (\\d+) failed remaps in the run, the trigger told"
        + " of (\\d+), max difference (\\S+)").matcher(line);
    assertThat(m.find()).as(line).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isGreaterThan(3);
    assertThat(m.group(2)).isEqualTo("equal");
    assertThat(Integer.parseInt(m.group(3))).isPositive();
    assertThat(m.group(4)).as("the trigger told of every failed remap").isEqualTo(m.group(3));
    assertThat(Double.parseDouble(m.group(5))).isLessThanOrEqualTo(1e-12);
    String first = result.output().stream().filter(l -> l.startsWith("first failure")).findFirst().orElseThrow();
    assertThat(first).contains("remap failed, every rank keeps its grids").containsPattern("rank 1: |from rank 1 ");
    if (phase.equals("STALL")) {
      // The ranks that waited for rank 1 name it, the moves they missed and the timeout; rank 1 was not waited on.
      assertThat(first).containsPattern("rank 2: waiting for moves? [\\d, ]+: rank 2 heard nothing from rank 1 within"
          + " the exchange timeout of 1 s").doesNotContain("rank 1 heard nothing");
    }
  }
}
