package org.amrbalance.integration.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every operation of the communicator layer on real MPJ Express ranks: threads (multicore) and processes (niodev). */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MpjCollectivesIT {
  @ParameterizedTest(name = "{0} ranks")
  @ValueSource(ints = {4, 3, 1})
  void everyOperationOnMulticoreRanks(int ranks) {
    LaunchResult result = Launches.run(MpjDevice.MULTICORE, ranks, CollectivesCheckProgram.class,
        arguments(ranks));

    assertThat(result.succeeded()).as(result.summary()).isTrue();
    assertPassedOnEveryRank(result, ranks);
  }

  @Test
  void everyOperationOnTwoNiodevProcesses() {
    LaunchResult result = Launches.run(MpjDevice.NIODEV, 2, CollectivesCheckProgram.class, arguments(2));

    assertThat(result.succeeded()).as(result.summary()).isTrue();
    assertPassedOnEveryRank(result, 2);
  }

  private static String[] arguments(int ranks) {
    List<String> args = new ArrayList<>(List.of(Integer.toString(ranks)));
    args.addAll(CollectivesCheckProgram.MPJ_LOOKALIKES);
    return args.toArray(new String[0]);
  }

  private static void assertPassedOnEveryRank(LaunchResult result, int ranks) {
    for (int r = 0; r < ranks; r++) {
      assertThat(result.output()).contains(CollectivesCheckProgram.DONE + r);
    }
  }
}
