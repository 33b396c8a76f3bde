package org.amrbalance.integration.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.amrbalance.mesh.mpi.RankProgram;

/** Launches for the tests, each followed by the check that no process of it is left. */
final class Launches {
  /** Far above what a launch here takes (a few seconds), far below the build's patience. */
  static final Duration LIMIT = Duration.ofSeconds(90);

  private Launches() {}

  static LaunchResult run(MpjDevice device, int ranks, Class<? extends RankProgram> program, String... args) {
    return run(MpjLauncher.locate().withDevice(device).withRanks(ranks).withTimeout(LIMIT), program, args);
  }

  static LaunchResult run(MpjLauncher launcher, Class<? extends RankProgram> program, String... args) {
    LaunchResult result = launcher.launch(program, List.of(args));
    System.out.println(program.getSimpleName() + " " + List.of(args) + ": " + result.summary());
    assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
        .as("processes left by the launch").isEmpty();
    return result;
  }
}
