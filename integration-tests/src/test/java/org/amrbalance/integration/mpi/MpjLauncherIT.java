package org.amrbalance.integration.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.LaunchResult.RankStatus;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A launch ends, and leaves no process behind, whatever its ranks do. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MpjLauncherIT {
  @ParameterizedTest
  @EnumSource(MpjDevice.class)
  void aRankThatThrowsWhileOthersWaitEndsTheLaunchWithItsException(MpjDevice device) {
    LaunchResult result = Launches.run(device, 2, FailingRankProgram.class, "throw");

    assertThat(result.succeeded()).isFalse();
    assertThat(result.timedOut()).isFalse();
    assertThat(result.status(1)).isEqualTo(RankStatus.FAILED);
    assertThat(result.failure(1)).hasValueSatisfying(t -> assertThat(t).contains(FailingRankProgram.MESSAGE));
    // Rank 0 waits in a barrier for ever: the launch stops it instead of waiting out the time limit.
    assertThat(result.status(0)).isEqualTo(RankStatus.NOT_REPORTED);
    assertThat(result.elapsed()).isLessThan(Launches.LIMIT);
    assertThat(result.summary()).contains("rank 1 threw java.lang.IllegalStateException: " + FailingRankProgram.MESSAGE)
        .contains("ranks [0] did not report");
  }

  @ParameterizedTest
  @EnumSource(MpjDevice.class)
  void aLaunchThatOutlivesItsTimeLimitIsStopped(MpjDevice device) {
    MpjLauncher launcher = MpjLauncher.locate().withDevice(device).withRanks(2).withTimeout(Duration.ofSeconds(4));

    LaunchResult result = Launches.run(launcher, FailingRankProgram.class, "sleep");

    assertThat(result.timedOut()).isTrue();
    assertThat(result.succeeded()).isFalse();
    assertThat(result.status(0)).isEqualTo(RankStatus.NOT_REPORTED);
    assertThat(result.summary()).contains("timed out");
  }

  /**
   * The multicore ranks of one JVM run one copy of the solver's classes (loaded and compiled once), and each its own
   * copy of the MPJ binding (MPJ keeps a rank's state in static fields): the sum over the ranks proves MPI works.
   */
  @Test
  void multicoreRanksShareTheSolverClassesAndKeepTheirOwnMpj() {
    LaunchResult result = Launches.run(MpjDevice.MULTICORE, 3, ClassSharingProgram.class);

    assertThat(result.succeeded()).as(result.summary()).isTrue();
    List<String> lines = result.output().stream().filter(l -> l.startsWith(ClassSharingProgram.PREFIX)).toList();
    assertThat(lines).hasSize(3).allSatisfy(l -> assertThat(l).contains(" sum=6.0 "));
    assertThat(lines.stream().map(l -> field(l, "solver")).distinct()).hasSize(1);
    assertThat(lines.stream().map(l -> field(l, "communicator")).distinct()).hasSize(3);
  }

  /** A class path that bundles MPJ's classes (a fat jar) is launched the old way: every rank loads everything apart. */
  @Test
  void aClassPathThatBundlesMpjGivesEveryRankItsOwnCopy(@TempDir Path dir) throws IOException {
    MpjLauncher launcher = MpjLauncher.locate().withRanks(3).withTimeout(Launches.LIMIT);
    Path bundle = Files.copy(launcher.mpjHome().resolve("lib/mpj.jar"), dir.resolve("bundle.jar"));
    launcher = launcher.withClasspath(System.getProperty("java.class.path") + File.pathSeparator + bundle);

    LaunchResult result = Launches.run(launcher, ClassSharingProgram.class);

    assertThat(result.succeeded()).as(result.summary()).isTrue();
    List<String> lines = result.output().stream().filter(l -> l.startsWith(ClassSharingProgram.PREFIX)).toList();
    assertThat(lines).hasSize(3).allSatisfy(l -> assertThat(l).contains(" sum=6.0 "));
    assertThat(lines.stream().map(l -> field(l, "solver")).distinct()).hasSize(3);
  }

  private static String field(String line, String name) {
    for (String word : line.split(" ")) {
      if (word.startsWith(name + "=")) {
        return word.substring(name.length() + 1);
      }
    }
    throw new AssertionError(name + " missing in " + line);
  }
}
