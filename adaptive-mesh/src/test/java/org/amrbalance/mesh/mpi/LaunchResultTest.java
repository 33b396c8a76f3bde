package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.amrbalance.mesh.mpi.LaunchResult.RankStatus;
import org.junit.jupiter.api.Test;

class LaunchResultTest {
  @Test
  void successNeedsEveryRankOkInTime() {
    LaunchResult ok = LaunchResult.of(MpjDevice.MULTICORE, List.of(RankStatus.OK, RankStatus.OK), Map.of(), false,
        List.of("hello"), Duration.ofMillis(1200));
    LaunchResult late = LaunchResult.of(MpjDevice.MULTICORE, List.of(RankStatus.OK, RankStatus.OK), Map.of(), true,
        List.of(), Duration.ofMillis(1200));

    assertThat(ok.succeeded()).isTrue();
    assertThat(ok.orThrow()).isSameAs(ok);
    assertThat(ok.summary()).isEqualTo("2 ranks (multicore): all ok in 1200 ms");
    assertThat(late.succeeded()).isFalse();
  }

  @Test
  void summaryNamesTheFailedRankItsExceptionAndTheSilentRanks() {
    String trace = "java.lang.IllegalStateException: outer\n\tat A.b(A.java:1)\nCaused by: java.io.IOException: inner\n"
        + "\tat C.d(C.java:2)\n";
    LaunchResult failed = LaunchResult.of(MpjDevice.NIODEV,
        List.of(RankStatus.NOT_REPORTED, RankStatus.FAILED, RankStatus.OK), Map.of(1, trace), false, List.of(),
        Duration.ofMillis(3000));

    assertThat(failed.succeeded()).isFalse();
    assertThat(failed.failure(1)).contains(trace);
    assertThat(failed.failure(0)).isEmpty();
    assertThat(failed.summary()).isEqualTo("3 ranks (niodev): failed after 3000 ms\n"
        + "  rank 1 threw java.lang.IllegalStateException: outer\n"
        + "    Caused by: java.io.IOException: inner\n"
        + "  ranks [0] did not report (stopped, blocked or never started)");
    assertThatThrownBy(failed::orThrow).isInstanceOf(MpjLaunchException.class).hasMessage(failed.summary());
    assertThatThrownBy(() -> failed.status(3)).hasMessage("rank = 3: must be in [0, 3)");
  }

  @Test
  void aMessageOfSeveralLinesIsKeptWhole() {
    String trace = "org.opentest4j.AssertionFailedError: \nexpected: 3\n but was: 4\n\tat X.y(X.java:3)\n";
    LaunchResult failed = LaunchResult.of(MpjDevice.MULTICORE, List.of(RankStatus.FAILED), Map.of(0, trace), false,
        List.of(), Duration.ofMillis(5));

    assertThat(failed.summary()).endsWith("rank 0 threw org.opentest4j.AssertionFailedError: \n    expected: 3\n"
        + "     but was: 4");
  }

  @Test
  void aFailureInsideMpjNamesTheFirstFrameOfOurs() {
    String trace = "mpi.MPIException: underflow\n\tat mpi.Comm.recv(Comm.java:9)\n"
        + "\tat org.amrbalance.mesh.mpi.mpj.MpjCollectives.bcast(MpjCollectives.java:42)\n"
        + "\tat org.amrbalance.mesh.runtime.X.y(X.java:7)\n";
    LaunchResult failed = LaunchResult.of(MpjDevice.MULTICORE, List.of(RankStatus.FAILED), Map.of(0, trace), false,
        List.of(), Duration.ofMillis(5));

    assertThat(failed.summary()).endsWith("rank 0 threw mpi.MPIException: underflow\n"
        + "    first frame of ours: at org.amrbalance.mesh.mpi.mpj.MpjCollectives.bcast(MpjCollectives.java:42)");
  }

  @Test
  void aSilentFailureShowsTheEndOfTheOutput() {
    LaunchResult silent = LaunchResult.of(MpjDevice.MULTICORE, List.of(RankStatus.NOT_REPORTED), Map.of(), false,
        List.of("MPJ Express (0.44) is started", "Exception in thread main: no such class"), Duration.ofMillis(10));

    assertThat(silent.summary()).endsWith("last lines of output:\n    MPJ Express (0.44) is started\n"
        + "    Exception in thread main: no such class");
  }

  @Test
  void aUserReadsEachMessageOnceWithoutClassNames() {
    String bad = "java.lang.IllegalArgumentException: state = 62 bytes: written by trigger stop-at-rise\n\tat A.b(A.java:1)\n";
    LaunchResult both = LaunchResult.of(MpjDevice.MULTICORE, List.of(RankStatus.FAILED, RankStatus.FAILED),
        Map.of(0, bad, 1, bad), false, List.of(), Duration.ofMillis(10));
    assertThat(both.userMessage()).isEqualTo("state = 62 bytes: written by trigger stop-at-rise (every rank)");
    assertThat(both.failedOnInput()).isTrue();
    LaunchResult mixed = LaunchResult.of(MpjDevice.MULTICORE,
        List.of(RankStatus.FAILED, RankStatus.OK, RankStatus.FAILED), Map.of(0, bad, 2,
            "org.example.Boom\n\tat A.b(A.java:1)\n"), false, List.of(), Duration.ofMillis(10));
    assertThat(mixed.userMessage())
        .isEqualTo("state = 62 bytes: written by trigger stop-at-rise (rank 0); Boom (rank 2)");
    assertThat(mixed.failedOnInput()).isFalse();
    LaunchResult silent = LaunchResult.of(MpjDevice.MULTICORE, List.of(RankStatus.NOT_REPORTED), Map.of(), true,
        List.of(), Duration.ofMillis(10));
    assertThat(silent.userMessage()).doesNotContain("Exception").startsWith("1 ranks (multicore)");
  }
}
