package org.amrbalance.integration.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Parallel balancers on MPJ Express give the sequential result (seed 002 §3.4-3.5 and §5.3). */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ParallelBalancersIT {

  @ParameterizedTest(name = "{0} multicore ranks")
  @ValueSource(ints = {4, 3})
  void onMulticoreRanks(int ranks) {
    check(MpjDevice.MULTICORE, ranks, 25);
  }

  @Test
  void onTwoNiodevProcesses() {
    check(MpjDevice.NIODEV, 2, 10);
  }

  private static void check(MpjDevice device, int ranks, int instances) {
    LaunchResult result = MpjLauncher.locate().withDevice(device).withRanks(ranks)
        .withTimeout(Duration.ofSeconds(150))
        .launch(ParallelBalancersProgram.class, List.of(Integer.toString(instances)));
    assertThat(result.succeeded()).as(result.summary()).isTrue();
    for (int r = 0; r < ranks; r++) {
      assertThat(result.output()).contains(ParallelBalancersProgram.DONE + r);
    }
  }
}
