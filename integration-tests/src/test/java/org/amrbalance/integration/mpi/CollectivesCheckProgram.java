package org.amrbalance.integration.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.CorruptPayloadException;
import org.amrbalance.mesh.mpi.ExchangeTimeoutException;
import org.amrbalance.mesh.mpi.Payload;
import org.amrbalance.mesh.mpi.RankProgram;
import org.amrbalance.mesh.mpi.WireFilter;
import org.amrbalance.spi.StepTimes;

/**
 * Runs on every rank: each operation of {@link Communicator} with values that depend on the rank, checked against
 * what they must give (flat messages of doubles between neighbours too); then an exchange of checksummed payloads of many sizes (one larger than niodev's eager
 * limit of 128 KiB), and an exchange whose bytes are damaged on the way, which must be reported; then exchanges
 * with a timeout: in time they give what the others give, and one for which the last rank is late beyond the
 * timeout fails on the other ranks, which drop its messages later and stay in step. Arguments: the expected number
 * of ranks, then {@link #MPJ_LOOKALIKES}.
 */
public final class CollectivesCheckProgram implements RankProgram {
  /** Printed by each rank that got through every check. */
  static final String DONE = "collectives check passed on rank ";
  /** Passed after the rank count. */
  static final List<String> MPJ_LOOKALIKES = List.of("-np", "9", "-dev", "hybdev", "-h", "two words");

  @Override
  public void run(Communicator comm, List<String> args) {
    int n = comm.size();
    int me = comm.rank();
    assertThat(n).isEqualTo(Integer.parseInt(args.get(0)));
    // Words that MPJ's starter takes as its own options reach the program untouched.
    assertThat(args.subList(1, args.size())).isEqualTo(MPJ_LOOKALIKES);
    assertThat(me).isBetween(0, n - 1);

    // allGather, with values of different lengths on each rank
    List<String> names = comm.allGather("rank-" + me + "-" + "x".repeat(me * 7));
    for (int r = 0; r < n; r++) {
      assertThat(names.get(r)).isEqualTo("rank-" + r + "-" + "x".repeat(r * 7));
    }

    // allToAll: rank s sends d+1 copies of 100 s + d to rank d
    List<List<Integer>> out = new ArrayList<>();
    for (int d = 0; d < n; d++) {
      out.add(Collections.nCopies(d + 1, 100 * me + d));
    }
    List<List<Integer>> in = comm.allToAll(out);
    assertThat(in).hasSize(n);
    for (int s = 0; s < n; s++) {
      assertThat(in.get(s)).isEqualTo(Collections.nCopies(me + 1, 100 * s + me));
    }

    // broadcast from every root; the other ranks' arguments are ignored
    for (int root = 0; root < n; root++) {
      String got = comm.broadcast(me == root ? "from root " + root : "not the root: " + me, root);
      assertThat(got).isEqualTo("from root " + root);
    }

    comm.barrier();

    // reductions and scan
    double sum = comm.allReduceSum(me + 0.25);
    double expectedSum = 0;
    for (int r = 0; r < n; r++) {
      expectedSum += r + 0.25;
    }
    assertThat(sum).isEqualTo(expectedSum); // same order of additions: bit for bit
    assertThat(comm.allReduceMax(me == n - 1 ? 42.5 : -me)).isEqualTo(42.5);
    assertThat(comm.allReduceMax(-1.0 - me)).isEqualTo(-1.0);
    assertThat(comm.allReduceSum((1L << 40) + me)).isEqualTo(n * (1L << 40) + (long) n * (n - 1) / 2);
    assertThat(comm.inclusiveScanSum(me + 1L)).isEqualTo((me + 1L) * (me + 2L) / 2);

    // postDoubles: flat messages of doubles to the next rank only, two batches in a row (the second one beyond
    // niodev's eager limit), each arriving in the buffer posted for it
    if (n > 1) {
      int next = (me + 1) % n;
      int prev = (me + n - 1) % n;
      for (int batch = 0; batch < 2; batch++) {
        int length = batch == 0 ? 3 + me : 20_000 + me;
        double[] send = new double[length];
        for (int i = 0; i < length; i++) {
          send[i] = 1e6 * me + 1e3 * batch + i;
        }
        double[] receive = new double[batch == 0 ? 3 + prev : 20_000 + prev];
        comm.postDoubles(new int[] {next}, new double[][] {send}, new int[] {prev}, new double[][] {receive}).await();
        for (int i = 0; i < receive.length; i++) {
          assertThat(receive[i]).isEqualTo(1e6 * prev + 1e3 * batch + i);
        }
      }
    }

    // allGatherFlat: rank r contributes r copies of r
    List<Integer> flat = comm.allGatherFlat(Collections.nCopies(me, me));
    List<Integer> expectedFlat = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      expectedFlat.addAll(Collections.nCopies(r, r));
    }
    assertThat(flat).isEqualTo(expectedFlat);

    // step times gathered to every rank
    StepTimes times = comm.gatherStepTimes(0.5 * (me + 1));
    assertThat(times.ranks()).isEqualTo(n);
    for (int r = 0; r < n; r++) {
      assertThat(times.time(r)).isEqualTo(0.5 * (r + 1));
    }
    for (double[] seen : comm.allGather(times.toArray())) {
      assertThat(seen).isEqualTo(times.toArray()); // every rank saw the same times
    }

    // checksummed payloads: every rank to every rank (itself too), several per pair, in order
    List<Payload> outgoing = new ArrayList<>();
    for (int d = 0; d < n; d++) {
      for (int k = 0; k < 3; k++) {
        outgoing.add(Payload.of(me, d, tag(me, d, k), bytes(me, d, k)));
      }
    }
    checkReceived(comm.exchange(outgoing), n, me);
    // a sparse exchange: only rank 0 sends, to the last rank
    List<Payload> sparse = me == 0 ? List.of(Payload.of(0, n - 1, 99, bytes(0, n - 1, 1))) : List.of();
    List<Payload> got = comm.exchange(sparse);
    assertThat(got).hasSize(me == n - 1 ? 1 : 0);

    // damaged on the way: rank 0's bytes to rank 1 have their last byte flipped
    if (n > 1) {
      Communicator faulty = me == 0 ? comm.withWireFilter(WireFilter.flipLastByteTo(1)) : comm;
      List<Payload> toSend = List.of(Payload.of(me, (me + 1) % n, 7, bytes(me, (me + 1) % n, 1)));
      if (me == 1) {
        assertThatThrownBy(() -> faulty.exchange(toSend))
            .isInstanceOf(CorruptPayloadException.class)
            .hasMessageContaining("payload tag 7 from rank 0 to rank 1: CRC32 mismatch");
      } else {
        assertThat(faulty.exchange(toSend)).hasSize(1);
      }
      // The communicator is still in step after the error.
      assertThat(comm.exchange(toSend)).singleElement()
          .satisfies(p -> assertThat(p.data()).isEqualTo(bytes((me + n - 1) % n, me, 1)));
    }

    // with a timeout (far beyond what an exchange takes here: a hang guard), the same as without
    Duration patient = Duration.ofSeconds(60);
    checkReceived(comm.exchange(outgoing, patient), n, me);
    assertThat(comm.exchange(sparse, patient)).hasSize(me == n - 1 ? 1 : 0);

    // the last rank is late beyond a short timeout: the others give up on it, it gets everything. It joins only
    // after a barrier that the others reach once they have given up, so no load on the machine changes who is late.
    if (n > 1) {
      Duration timeout = Duration.ofSeconds(1);
      if (me == n - 1) {
        comm.barrier();
      }
      String outcome;
      try {
        checkReceived(comm.exchange(outgoing, timeout), n, me);
        outcome = "received";
      } catch (ExchangeTimeoutException e) {
        outcome = e.getMessage();
      }
      if (me < n - 1) {
        comm.barrier();
      }
      // Past the exchange on every rank: what was given up on has been sent, and is dropped.
      List<String> outcomes = comm.allGather(outcome);
      int late = comm.completeLateMessages();
      for (int r = 0; r < n - 1; r++) {
        assertThat(outcomes.get(r)).isEqualTo("rank " + r + " heard nothing from rank " + (n - 1)
            + " within the exchange timeout of 1 s");
      }
      assertThat(outcomes.get(n - 1)).isEqualTo("received");
      assertThat(late).as("receives dropped on rank " + me).isEqualTo(me == n - 1 ? 0 : 1);
      // In step: the next exchanges, with and without a timeout, get what was sent in them.
      checkReceived(comm.exchange(outgoing, patient), n, me);
      checkReceived(comm.exchange(outgoing), n, me);
      assertThat(comm.completeLateMessages()).isZero();
    }

    comm.barrier();
    System.out.println(DONE + me);
  }

  /** The payloads of {@code bytes(s, me, k)}, k = 0..2, from every rank s, in order. */
  private static void checkReceived(List<Payload> received, int n, int me) {
    assertThat(received).hasSize(3 * n);
    int i = 0;
    for (int s = 0; s < n; s++) {
      for (int k = 0; k < 3; k++) {
        Payload p = received.get(i++);
        assertThat(p.source()).isEqualTo(s);
        assertThat(p.destination()).isEqualTo(me);
        assertThat(p.tag()).isEqualTo(tag(s, me, k));
        assertThat(p.data()).isEqualTo(bytes(s, me, k));
        assertThat(p.checksum()).isEqualTo(Payload.of(s, me, 0, bytes(s, me, k)).checksum());
      }
    }
  }

  static long tag(int source, int destination, int k) {
    return (long) source << 32 | destination << 8 | k;
  }

  /** Seeded bytes for one payload; sizes from empty to over 128 KiB. */
  static byte[] bytes(int source, int destination, int k) {
    int size = switch (k) {
      case 0 -> 0;
      case 1 -> 1 + 997 * (source + 1) + 13 * destination;
      default -> 200_000 + 31 * source + destination;
    };
    byte[] data = new byte[size];
    new Random(1_000_003L * source + 1_009L * destination + k).nextBytes(data);
    return data;
  }
}
