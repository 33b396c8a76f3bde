package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watch is fed its clock's readings, so silences are stepped through, not waited for. */
class LossWatchTest {
  private static final long S = 1_000_000_000L;

  private static void beat(Path dir, int rank, long n) throws IOException {
    Files.writeString(dir.resolve(MpjRankMain.statusFileName(rank, MpjRankMain.BEAT_SUFFIX)), Long.toString(n));
  }

  @Test
  void aRankWhoseHeartbeatStopsIsLostAfterTheSilenceAndNotBefore(@TempDir Path dir) throws IOException {
    LossWatch watch = new LossWatch(dir, 3, Duration.ofSeconds(3), 0, null, 0);
    Files.writeString(dir.resolve(MpjRankMain.statusFileName(1, MpjRankMain.PROCESS_SUFFIX)), "4242 node2");
    for (int r = 0; r < 3; r++) {
      beat(dir, r, 1);
    }
    assertThat(watch.check(1 * S)).isNull();
    // Ranks 0 and 2 go on beating; rank 1 stops at 1.
    for (long t = 2; t <= 4; t++) {
      beat(dir, 0, t);
      beat(dir, 2, t);
      assertThat(watch.check(t * S)).as("at %d s", t).isNull();
    }
    beat(dir, 0, 5);
    beat(dir, 2, 5);
    Loss loss = watch.check(4 * S + S / 2);
    assertThat(loss).isNotNull();
    assertThat(loss.ranks()).containsExactly(1);
    assertThat(loss.hosts()).isEmpty();
    assertThat(loss.unnoticedFor()).isEqualTo(Duration.ofMillis(3500));
    assertThat(loss.describe()).isEqualTo("rank 1 (pid 4242 on node2: no heartbeat for 3.5 s), 4.5 s into the run,"
        + " noticed after 3.5 s");
  }

  @Test
  void aRankThatHasNotStartedOrHasReportedIsNotLost(@TempDir Path dir) throws IOException {
    LossWatch watch = new LossWatch(dir, 2, Duration.ofSeconds(3), 0, null, 0);
    beat(dir, 0, 1);
    assertThat(watch.check(0)).isNull();
    // Rank 0 finished and stopped beating; rank 1 never beat (still starting).
    Files.writeString(dir.resolve(MpjRankMain.statusFileName(0, MpjRankMain.OK_SUFFIX)), "");
    assertThat(watch.check(60 * S)).isNull();
  }

  @Test
  void aHostWhoseDaemonStopsAnsweringIsLostWithEveryRankOnIt(@TempDir Path dir) throws IOException {
    int closed;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      closed = s.getLocalPort(); // nothing listens there once it is closed
    }
    Machines machines = Machines.of(java.util.List.of("localhost", "127.0.0.1"));
    LossWatch watch = new LossWatch(dir, 4, Duration.ofSeconds(30), 0, machines, closed);
    assertThat(watch.check(0)).isNull();
    assertThat(watch.check(S)).isNull();
    Loss loss = watch.check(2 * S);
    assertThat(loss).isNotNull();
    // The first host to miss three probes takes ranks 0 and 2 (lines 1 and 3 of a two-line file).
    assertThat(loss.hosts()).containsExactly("localhost");
    assertThat(loss.ranks()).containsExactly(0, 2);
    assertThat(loss.why()).isEqualTo("host localhost did not answer on port " + closed + " 3 times in a row");
    assertThat(loss.unnoticedFor()).isEqualTo(Duration.ofSeconds(2));
  }
}
