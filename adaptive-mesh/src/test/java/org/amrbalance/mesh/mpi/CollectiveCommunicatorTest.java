package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.spi.StepTimes;
import org.junit.jupiter.api.Test;

/** The exchange over ranks as threads; the same checks run on MPJ Express in the integration tests. */
class CollectiveCommunicatorTest {
  private static byte[] bytes(int source, int destination, int k) {
    byte[] b = new byte[(source * 31 + destination * 7 + k * 1001) % 3000];
    new Random(source * 1_000_003L + destination * 101L + k).nextBytes(b);
    return b;
  }

  @Test
  void everyPayloadArrivesIntactOrderedBySourceThenSendingOrder() {
    int n = 4;
    List<List<Payload>> received = ThreadCollectives.run(n, c -> {
      Communicator comm = CollectiveCommunicator.over(c);
      List<Payload> out = new ArrayList<>();
      // rank r sends k = 0..r payloads to every rank d with d != r + 1 (some pairs exchange nothing)
      for (int d = 0; d < n; d++) {
        for (int k = 0; k <= comm.rank() && d != comm.rank() + 1; k++) {
          out.add(Payload.of(comm.rank(), d, 100L * comm.rank() + k, bytes(comm.rank(), d, k)));
        }
      }
      return comm.exchange(out);
    });

    for (int me = 0; me < n; me++) {
      List<Payload> expected = new ArrayList<>();
      for (int s = 0; s < n; s++) {
        for (int k = 0; k <= s && me != s + 1; k++) {
          expected.add(Payload.of(s, me, 100L * s + k, bytes(s, me, k)));
        }
      }
      assertThat(received.get(me)).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void aDamagedPayloadFailsOnTheReceivingRankAndTheExchangesGoOn() {
    List<String> outcomes = ThreadCollectives.run(3, c -> {
      Communicator comm = CollectiveCommunicator.over(c);
      Communicator sending = comm.rank() == 2 ? comm.withWireFilter(WireFilter.flipLastByteTo(0)) : comm;
      int to = (comm.rank() + 1) % 3;
      List<Payload> out = List.of(Payload.of(comm.rank(), to, 5, bytes(comm.rank(), to, 1)));
      String outcome;
      try {
        outcome = "received " + sending.exchange(out).size();
      } catch (CorruptPayloadException e) {
        outcome = e.getMessage() + " (from " + e.source() + ")";
      }
      // The next exchange, undamaged, goes through everywhere.
      return outcome + ", then " + comm.exchange(out).get(0).tag();
    });

    assertThat(outcomes.get(0)).startsWith("payload tag 5 from rank 2 to rank 0: CRC32 mismatch")
        .endsWith(" (from 2), then 5");
    assertThat(outcomes.subList(1, 3)).containsOnly("received 1, then 5");
  }

  /**
   * Rank 2 joins an exchange with a timeout three times the timeout late (a stall on the group's clock, not a
   * sleep, so a loaded machine cannot change the outcome): ranks 0 and 1 report that they did not hear from it,
   * rank 2 gets everything, and the next exchange goes through on every rank. Without the stall the exchange with
   * a timeout gives what the one without gives.
   */
  @Test
  void anExchangeWithATimeoutGivesUpOnALateRank() {
    Duration timeout = Duration.ofMillis(300);
    List<String> outcomes = ThreadCollectives.run(3, c -> {
      Communicator comm = CollectiveCommunicator.over(c);
      List<Payload> out = new ArrayList<>();
      for (int d = 0; d < 3; d++) {
        out.add(Payload.of(comm.rank(), d, d, bytes(comm.rank(), d, 1)));
      }
      assertThat(comm.exchange(out, timeout)).isEqualTo(comm.exchange(out));
      if (comm.rank() == 2) {
        comm.stall(timeout.multipliedBy(3));
      }
      String outcome;
      try {
        outcome = "received " + comm.exchange(out, timeout).size();
      } catch (ExchangeTimeoutException e) {
        assertThat(e.silentRanks()).containsExactly(2);
        assertThat(e.rank()).isEqualTo(comm.rank());
        outcome = e.getMessage();
      }
      return outcome + "; then " + comm.exchange(out, timeout).size() + ", " + comm.completeLateMessages()
          + " late";
    });

    assertThat(outcomes).containsExactly(
        "rank 0 heard nothing from rank 2 within the exchange timeout of 0.3 s; then 3, 0 late",
        "rank 1 heard nothing from rank 2 within the exchange timeout of 0.3 s; then 3, 0 late",
        "received 3; then 3, 0 late");
  }

  @Test
  void aTimeoutMustBePositiveAndAtMostADay() {
    ThreadCollectives.run(1, c -> {
      checkTimeouts(CollectiveCommunicator.over(c));
      return null;
    });
  }

  private static void checkTimeouts(Communicator comm) {
    assertThatThrownBy(() -> comm.exchange(List.of(), Duration.ZERO))
        .hasMessage("timeout = 0 s: must be positive and at most 86400 s");
    assertThatThrownBy(() -> comm.exchange(List.of(), Duration.ofMillis(-1500)))
        .hasMessage("timeout = -1.5 s: must be positive and at most 86400 s");
    assertThatThrownBy(() -> comm.exchange(List.of(), Duration.ofDays(1).plusNanos(1)))
        .hasMessage("timeout = 86400.000000001 s: must be positive and at most 86400 s");
    assertThatThrownBy(() -> comm.exchange(List.of(), null))
        .hasMessage("timeout = null: must be positive and at most 86400 s");
  }

  @Test
  void stepTimesAreGatheredToEveryRank() {
    List<StepTimes> seen = ThreadCollectives.run(3, c -> CollectiveCommunicator.over(c).gatherStepTimes(c.rank() + 1.5));

    assertThat(seen).containsOnly(StepTimes.of(1.5, 2.5, 3.5));
  }

  @Test
  void collectivesPassThrough() {
    List<Long> scans = ThreadCollectives.run(3, c -> CollectiveCommunicator.over(c).inclusiveScanSum(c.rank() + 1L));

    assertThat(scans).containsExactly(1L, 3L, 6L);
  }
}
