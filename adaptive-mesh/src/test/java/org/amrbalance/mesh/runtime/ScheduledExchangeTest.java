package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.CellMove;
import org.amrbalance.mesh.grid.ExchangeKind;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.MoveSchedule;
import org.amrbalance.mesh.mpi.Payload;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.parallel.Collectives;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.junit.jupiter.api.Test;

/** What a scheduled exchange puts on the wire: one flat message per neighbour, nothing for local copies. */
class ScheduledExchangeTest {
  private static final Block A = new Block(0, 0, Box.of2d(0, 0, 3, 3));
  private static final Block B = new Block(0, 1, Box.of2d(4, 0, 7, 3));
  private static final Block B2 = new Block(0, 2, Box.of2d(8, 0, 11, 3));
  private static final Block C = new Block(0, 3, Box.of2d(12, 0, 15, 3));

  /** A on rank 0, B and B2 on rank 1, C on rank 2; rank 1 and rank 2 have nothing to say to each other. */
  private static final List<CellMove> MOVES = List.of(
      new CellMove(0, 1, A, Box.of2d(3, 0, 3, 3)),    // 4 values to rank 1
      new CellMove(1, 0, B, Box.of2d(4, 0, 5, 1)),    // 4 values to rank 0
      new CellMove(1, 1, B, Box.of2d(7, 0, 7, 3)),    // local on rank 1
      new CellMove(2, 0, C, Box.of2d(12, 3, 12, 3)),  // 1 value to rank 0
      new CellMove(0, 1, A, Box.of2d(0, 3, 1, 3)));   // 2 more values to rank 1, in the same message

  private static GridData data(Block b) {
    GridData g = GridData.create(b.box(), 1);
    for (int j = 0; j <= 3; j++) {
      for (int i = b.box().lo(0); i <= b.box().hi(0); i++) {
        g.set(i, j, i + 100 * j);
      }
    }
    return g;
  }

  private static Map<Block, GridData> held(int rank) {
    Map<Block, GridData> m = new HashMap<>();
    for (Block b : rank == 0 ? List.of(A) : rank == 1 ? List.of(B, B2) : List.of(C)) {
      m.put(b, data(b));
    }
    return m;
  }

  @Test
  void sendsOneMessageOfDoublesPerNeighbourAndNothingForLocalCopies() {
    Map<Integer, String> posted = new ConcurrentHashMap<>();
    AtomicInteger checked = new AtomicInteger();
    List<Map<Integer, double[]>> got = ThreadCollectives.run(3, c -> {
      RecordingCommunicator comm = new RecordingCommunicator(c, posted, checked);
      PayloadExchange x = PayloadExchange.of(comm);
      MoveSchedule s = MoveSchedule.of(ExchangeKind.GHOST_FILL, MOVES, x);
      Map<Integer, double[]> out = new HashMap<>();
      x.run(s, held(c.rank())::get, (k, v, offset) ->
          out.put(k, Arrays.copyOfRange(v, offset, offset + (int) MOVES.get(k).region().volume())));
      assertThat(x.waitingSeconds()).as("waiting is a part of the exchange")
          .isBetween(0.0, x.exchangeSeconds(ExchangeKind.GHOST_FILL));
      return out;
    });
    assertThat(posted).containsExactlyInAnyOrderEntriesOf(Map.of(
        0, "to [1] [6] from [1, 2] [4, 1]",
        1, "to [0] [4] from [0] [6]",
        2, "to [0] [1] from [] []"));
    assertThat(checked).as("checked exchanges (count exchange, framing)").hasValue(0);
    assertThat(got.get(0).keySet()).containsExactlyInAnyOrder(1, 3);
    assertThat(got.get(0).get(1)).containsExactly(4, 5, 104, 105);
    assertThat(got.get(0).get(3)).containsExactly(312);
    assertThat(got.get(1).keySet()).containsExactlyInAnyOrder(0, 2, 4);
    assertThat(got.get(1).get(0)).containsExactly(3, 103, 203, 303);
    assertThat(got.get(1).get(2)).containsExactly(7, 107, 207, 307);
    assertThat(got.get(1).get(4)).containsExactly(300, 301);
    assertThat(got.get(2)).isEmpty();
  }

  @Test
  void aBatchOfLocalCopiesSendsNothing() {
    Map<Integer, String> posted = new ConcurrentHashMap<>();
    AtomicInteger checked = new AtomicInteger();
    List<CellMove> local = List.of(new CellMove(1, 1, B, Box.of2d(7, 0, 7, 3)));
    List<Integer> copies = ThreadCollectives.run(3, c -> {
      PayloadExchange x = PayloadExchange.of(new RecordingCommunicator(c, posted, checked));
      AtomicInteger n = new AtomicInteger();
      x.run(MoveSchedule.of(ExchangeKind.GHOST_FILL, local, x), held(c.rank())::get, (k, v, o) -> n.incrementAndGet());
      assertThat(x.waitingSeconds()).as("nothing crossed ranks: no wait").isZero();
      return n.get();
    });
    assertThat(copies).containsExactly(0, 1, 0);
    assertThat(posted).isEmpty();
    assertThat(checked).hasValue(0);
  }

  @Test
  void migrationSendsOneCheckedPayloadPerDestination() {
    Map<Integer, String> posted = new ConcurrentHashMap<>();
    AtomicInteger checked = new AtomicInteger();
    List<List<Payload>> sent = ThreadCollectives.run(3, c -> {
      RecordingCommunicator comm = new RecordingCommunicator(c, posted, checked);
      PayloadExchange x = PayloadExchange.of(comm);
      x.beginRemap(false);
      List<double[]> got = x.move(MOVES, held(c.rank())::get);
      x.endRemap();
      if (c.rank() == 1) {
        assertThat(got.get(4)).containsExactly(300, 301);
      }
      assertThat(x.exchangeSeconds(ExchangeKind.MIGRATION)).isPositive();
      assertThat(x.exchangeSeconds()).as("ghost, interpolation, restriction").isZero();
      return comm.sent;
    });
    assertThat(posted).isEmpty();
    assertThat(checked).hasValue(3);
    assertThat(sent.get(0)).extracting(Payload::destination).containsExactly(1);
    assertThat(sent.get(0).get(0).size()).isEqualTo(8 * 6);
    assertThat(sent.get(1)).extracting(Payload::destination).containsExactly(0);
    assertThat(sent.get(2)).extracting(Payload::destination).containsExactly(0);
  }

  /** Records what reaches the transport: each flat exchange's neighbours and lengths, and the checked payloads. */
  private static final class RecordingCommunicator extends ForwardingCommunicator {
    private final Map<Integer, String> posted;
    private final AtomicInteger checked;
    final List<Payload> sent = new ArrayList<>();

    RecordingCommunicator(Collectives c, Map<Integer, String> posted, AtomicInteger checked) {
      super(c);
      this.posted = posted;
      this.checked = checked;
    }

    @Override
    public Posted postDoubles(int[] to, double[][] send, int[] from, double[][] receive) {
      String was = posted.put(rank(), "to " + Arrays.toString(to) + " " + Arrays.toString(lengths(send))
          + " from " + Arrays.toString(from) + " " + Arrays.toString(lengths(receive)));
      assertThat(was).as("one flat exchange per batch").isNull();
      return inner.postDoubles(to, send, from, receive);
    }

    private static int[] lengths(double[][] a) {
      return Arrays.stream(a).mapToInt(x -> x.length).toArray();
    }

    @Override
    public List<Payload> exchange(List<Payload> outgoing) {
      checked.incrementAndGet();
      sent.addAll(outgoing);
      return inner.exchange(new ArrayList<>(outgoing));
    }

    @Override
    public List<Payload> exchange(List<Payload> outgoing, Duration timeout) {
      checked.incrementAndGet();
      sent.addAll(outgoing);
      return inner.exchange(new ArrayList<>(outgoing), timeout);
    }
  }
}
