package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.amrbalance.spi.parallel.Collectives;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.CellMove;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.CorruptPayloadException;
import org.amrbalance.mesh.mpi.Payload;
import org.amrbalance.mesh.mpi.WireFilter;
import org.amrbalance.spi.Box;
import org.junit.jupiter.api.Test;

class PayloadExchangeTest {
  private static final Block A = new Block(0, 0, Box.of2d(0, 0, 3, 3));
  private static final Block B = new Block(0, 1, Box.of2d(4, 0, 7, 3));

  /** Rank r holds block r, with values 100 r + cell index. */
  private static GridData data(Block b, int rank) {
    GridData g = GridData.create(b.box(), 1);
    for (int j = 0; j <= 3; j++) {
      for (int i = b.box().lo(0); i <= b.box().hi(0); i++) {
        g.set(i, j, 100 * rank + i + 10 * j);
      }
    }
    return g;
  }

  @Test
  void movesArriveWhereTheyAreNeededAndStayingMovesAreCopies() {
    List<CellMove> moves = List.of(new CellMove(0, 1, A, Box.of2d(3, 0, 3, 3)),
        new CellMove(1, 0, B, Box.of2d(4, 1, 5, 2)), new CellMove(1, 1, B, Box.of2d(7, 3, 7, 3)));
    List<List<double[]>> got = ThreadCollectives.run(2, c -> {
      Map<Block, GridData> mine = new HashMap<>();
      mine.put(c.rank() == 0 ? A : B, data(c.rank() == 0 ? A : B, c.rank()));
      return PayloadExchange.of(CollectiveCommunicator.over(c)).move(moves, mine::get);
    });
    assertThat(got.get(0).get(0)).isNull();
    assertThat(got.get(0).get(1)).containsExactly(114, 115, 124, 125);
    assertThat(got.get(0).get(2)).isNull();
    assertThat(got.get(1).get(0)).containsExactly(3, 13, 23, 33);
    assertThat(got.get(1).get(1)).isNull();
    assertThat(got.get(1).get(2)).containsExactly(137);
  }

  @Test
  void nothingIsSentWhenNoMoveCrossesRanks() {
    AtomicInteger exchanges = new AtomicInteger();
    ThreadCollectives.run(2, c -> {
      Communicator counting = new CountingCommunicator(c, exchanges);
      Map<Block, GridData> mine = Map.of(A, data(A, 0), B, data(B, 1));
      List<double[]> got = PayloadExchange.of(counting).move(
          List.of(new CellMove(c.rank(), c.rank(), c.rank() == 0 ? A : B, Box.of2d(4 * c.rank(), 0, 4 * c.rank(), 0))),
          mine::get);
      assertThat(got.get(0)).hasSize(1);
      return null;
    });
    assertThat(exchanges).hasValue(0);
  }

  @Test
  void damagedBytesAreAnErrorNotValues() {
    List<CellMove> moves = List.of(new CellMove(0, 1, A, Box.of2d(0, 0, 3, 3)));
    List<Object> outcome = ThreadCollectives.run(2, c -> {
      Communicator comm = CollectiveCommunicator.over(c, c.rank() == 0 ? WireFilter.flipLastByteTo(1)
          : WireFilter.none());
      Map<Block, GridData> mine = c.rank() == 0 ? Map.of(A, data(A, 0)) : Map.of();
      try {
        return PayloadExchange.of(comm).move(moves, mine::get);
      } catch (CorruptPayloadException e) {
        return e;
      }
    });
    assertThat(outcome.get(1)).isInstanceOf(CorruptPayloadException.class);
    assertThat(((CorruptPayloadException) outcome.get(1))).hasMessageContaining("from rank 0 to rank 1: CRC32 mismatch");
    assertThatThrownBy(() -> PayloadExchange.of(null)).hasMessage("comm = null: must not be null");
  }

  /**
   * Rank 1 is late for its exchange by three times the remap timeout: outside a remap the exchange waits for it;
   * in a remap that defers failures, rank 0 records that it did not hear from rank 1 and names the move it missed,
   * while rank 1, which heard from rank 0 in time, records nothing. (The timeout is a hang guard here too: the
   * outcome does not depend on how fast the machine is, only on a delay far beyond the timeout.)
   */
  @Test
  void onlyARemapsExchangeGivesUpOnASilentRank() {
    Duration timeout = Duration.ofMillis(300);
    List<CellMove> moves = List.of(new CellMove(0, 1, A, Box.of2d(3, 0, 3, 3)),
        new CellMove(1, 0, B, Box.of2d(4, 1, 5, 2)));
    List<List<Object>> got = ThreadCollectives.run(2, c -> {
      PayloadExchange x = PayloadExchange.of(CollectiveCommunicator.over(c));
      x.remapTimeout(timeout);
      Map<Block, GridData> mine = Map.of(c.rank() == 0 ? A : B, data(c.rank() == 0 ? A : B, c.rank()));
      List<Object> outcome = new ArrayList<>();
      lateOnRankOne(x, timeout);
      outcome.add(x.move(moves, mine::get).get(c.rank() == 0 ? 1 : 0));
      x.beginRemap(true);
      lateOnRankOne(x, timeout);
      outcome.add(x.move(moves, mine::get).get(c.rank() == 0 ? 1 : 0));
      outcome.add(String.valueOf(x.endRemap()));
      return outcome;
    });
    assertThat((double[]) got.get(0).get(0)).containsExactly(114, 115, 124, 125);
    assertThat((double[]) got.get(1).get(0)).containsExactly(3, 13, 23, 33);
    assertThat(got.get(0).get(1)).as("rank 0 gave up on move 1").isNull();
    assertThat(got.get(0).get(2)).isEqualTo("rank 0: waiting for move 1: rank 0 heard nothing from rank 1 within"
        + " the exchange timeout of 0.3 s");
    assertThat((double[]) got.get(1).get(1)).containsExactly(3, 13, 23, 33);
    assertThat(got.get(1).get(2)).isEqualTo("null");
  }

  /** Rank 1 three times the timeout late, on the group's clock: no sleep, so no race with a loaded machine. */
  private static void lateOnRankOne(PayloadExchange x, Duration timeout) {
    if (x.communicator().rank() == 1) {
      x.communicator().stall(timeout.multipliedBy(3));
    }
  }

  /** Counts exchanges that actually reach the transport. */
  private static final class CountingCommunicator extends ForwardingCommunicator {
    private final AtomicInteger count;

    CountingCommunicator(Collectives c, AtomicInteger count) {
      super(c);
      this.count = count;
    }

    @Override
    public List<Payload> exchange(List<Payload> outgoing) {
      count.incrementAndGet();
      return inner.exchange(new ArrayList<>(outgoing));
    }

    @Override
    public List<Payload> exchange(List<Payload> outgoing, Duration timeout) {
      count.incrementAndGet();
      return inner.exchange(new ArrayList<>(outgoing), timeout);
    }
  }
}
