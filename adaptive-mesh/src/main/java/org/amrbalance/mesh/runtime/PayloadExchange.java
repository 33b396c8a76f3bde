package org.amrbalance.mesh.runtime;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import javax.annotation.Nullable;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.CellMove;
import org.amrbalance.mesh.grid.ExchangeClock;
import org.amrbalance.mesh.grid.ExchangeKind;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.MoveSchedule;
import org.amrbalance.mesh.grid.RankExchange;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.ExchangeTimeoutException;
import org.amrbalance.mesh.mpi.Payload;
import org.amrbalance.mesh.mpi.WireFilter;

/**
 * One rank of a distributed run whose grid data moves point to point. Ghost fill, parent interpolation and
 * restriction run from their {@link MoveSchedule}s ({@link #start}): one flat message of doubles per neighbour,
 * nothing else. A remap's transfers take the checked path ({@link #move}): one {@link Payload} per destination,
 * size and CRC32 checked on arrival by {@link Communicator#exchange}, so a damaged byte of a migration is an
 * error, never a wrong value. Moves within a rank are copies. The seconds spent in each kind of exchange are kept
 * ({@link #exchangeSeconds(ExchangeKind)}).
 *
 * <p>During a remap ({@link #beginRemap}), each exchange waits at most the remap timeout, if one is set, for the
 * payloads of other ranks; outside remaps an exchange waits as long as it takes (a ghost exchange has nothing to
 * go back to, and MPJ's collectives around it would wait for a silent rank anyway).
 */
public final class PayloadExchange extends RankExchange {
  private final Communicator comm;
  private final ExchangeClock clock = new ExchangeClock();
  private long bytesSent;
  private long waitingNanos;
  private RemapFault fault = RemapFault.NONE;
  private boolean remapping;
  private boolean deferring;
  private boolean stalled;
  @Nullable
  private Duration remapTimeout;
  @Nullable
  private String failure;

  private PayloadExchange(Communicator comm) {
    super(comm);
    this.comm = comm;
  }

  public static PayloadExchange of(Communicator comm) {
    return new PayloadExchange(comm);
  }

  public Communicator communicator() {
    return comm;
  }

  /** Injects faults into the moves of remaps ({@link #beginRemap} to {@link #endRemap}); for tests. */
  public void injectFaults(RemapFault f) {
    if (f == null) {
      throw new IllegalArgumentException("fault = null: must not be null (use RemapFault.NONE)");
    }
    fault = f;
  }

  /**
   * The longest an exchange of a remap waits for the payloads of other ranks (null: as long as it takes); the same
   * on every rank.
   */
  void remapTimeout(@Nullable Duration timeout) {
    remapTimeout = timeout;
  }

  /**
   * A remap begins: its exchanges wait at most the remap timeout. With {@code deferFailures}, a failure to pack,
   * send or unpack a move, or a timeout, is recorded, not thrown, and the exchange goes on with the move's values
   * missing, so that this rank stays in step with the others until they all agree on the outcome
   * ({@link #endRemap}).
   */
  void beginRemap(boolean deferFailures) {
    remapping = true;
    deferring = deferFailures;
    stalled = false;
    failure = null;
  }

  /** Ends {@link #beginRemap}; the first failure recorded since (rank, move and why), or null. */
  @Nullable
  String endRemap() {
    remapping = false;
    deferring = false;
    String f = failure;
    failure = null;
    return f;
  }

  private void fail(String what, RuntimeException e) {
    if (!deferring) {
      throw e;
    }
    if (failure == null) {
      failure = "rank " + comm.rank() + ": " + what + ": " + e.getMessage();
    }
  }

  /** Bytes of grid values this rank has sent to other ranks so far. */
  public long bytesSent() {
    return bytesSent;
  }

  /**
   * The lean path of ghost fill, interpolation and restriction: one flat message of doubles per neighbour, as the
   * schedule lays it out, sent point to point ({@link Communicator#postDoubles}); local moves are copied while the
   * messages travel. No sizes, tags or checksums travel: every rank computed the same schedule. During a remap
   * (where a damaged byte must be found, not computed on) the checked path of {@link #move} is taken instead.
   */
  @Override
  public Pending start(MoveSchedule schedule, Function<Block, GridData> reader, Sink sink) {
    if (remapping) {
      return super.start(schedule, reader, sink);
    }
    long begin = System.nanoTime();
    int[] to = schedule.sendRanks();
    double[][] send = new double[to.length][];
    for (int n = 0; n < to.length; n++) {
      send[n] = schedule.pack(n, reader);
      bytesSent += 8L * send[n].length;
    }
    int[] from = schedule.receiveRanks();
    double[][] receive = new double[from.length][];
    for (int n = 0; n < from.length; n++) {
      receive[n] = new double[schedule.doublesFrom(n)];
    }
    // Every rank holds the same moves, so every rank agrees to skip a batch in which nothing crosses ranks.
    Communicator.Posted posted = schedule.crossesRanks() ? comm.postDoubles(to, send, from, receive) : null;
    schedule.copyLocal(reader, sink);
    clock.add(schedule.kind(), begin);
    return () -> {
      long wait = System.nanoTime();
      if (posted != null) {
        posted.await();
        waitingNanos += System.nanoTime() - wait;
      }
      for (int n = 0; n < from.length; n++) {
        schedule.unpack(n, receive[n], sink);
      }
      clock.add(schedule.kind(), wait);
    };
  }

  @Override
  public double exchangeSeconds(ExchangeKind kind) {
    return clock.seconds(kind);
  }

  /** Of the lean path's time, what {@code await} took: on this device a message moves only while both sides wait. */
  @Override
  public double waitingSeconds() {
    return waitingNanos / 1e9;
  }

  /**
   * Each rank's own entry of {@code perRank} (a rank measures only itself), gathered with one
   * {@link Communicator#gatherSeconds}: no serialization.
   */
  @Override
  public double[] gatherPerRank(double[] perRank) {
    return comm.gatherSeconds(perRank[comm.rank()]);
  }

  /**
   * The checked path, taken by migration (and gathering): the moves from this rank to another travel as one
   * {@link Payload} of doubles per destination (the moves in batch order, tagged by the first one's index), whose
   * size and CRC32 {@link Communicator#exchange} checks on arrival; moves within the rank are copies.
   */
  @Override
  public List<double[]> move(List<CellMove> moves, Function<Block, GridData> reader) {
    long begin = System.nanoTime();
    try {
      return moveChecked(moves, reader);
    } finally {
      clock.add(remapping ? ExchangeKind.MIGRATION : ExchangeKind.GATHER, begin);
    }
  }

  private List<double[]> moveChecked(List<CellMove> moves, Function<Block, GridData> reader) {
    int me = comm.rank();
    // Every rank holds the same move list, so every rank agrees to skip the exchange when nothing crosses ranks.
    boolean crossing = false;
    for (CellMove m : moves) {
      crossing |= m.fromRank() != m.toRank();
    }
    List<double[]> out = new ArrayList<>(moves.size());
    double[][] sending = new double[moves.size()][];
    Map<Integer, List<Integer>> to = new TreeMap<>();
    Map<Integer, List<Integer>> from = new TreeMap<>();
    int damageTo = -1;
    for (int k = 0; k < moves.size(); k++) {
      CellMove m = moves.get(k);
      double[] v = null;
      if (m.fromRank() == me) {
        if (remapping && m.toRank() != me && !stalled && fault.strikes(RemapFault.Phase.STALL, m, k)) {
          stalled = true;
          comm.stall(fault.stall());
        }
        try {
          if (remapping && fault.strikes(RemapFault.Phase.PACK, m, k)) {
            throw new IllegalStateException("injected fault");
          }
          v = reader.apply(m.source()).read(m.region());
        } catch (RuntimeException e) {
          fail("packing move " + k + " (" + m + ")", e);
          v = new double[Math.toIntExact(m.region().volume())];
        }
        if (m.toRank() != me) {
          if (remapping && fault.strikes(RemapFault.Phase.SEND, m, k)) {
            damageTo = m.toRank();
          }
          to.computeIfAbsent(m.toRank(), r -> new ArrayList<>()).add(k);
          sending[k] = v;
          v = null;
        }
      } else if (m.toRank() == me) {
        from.computeIfAbsent(m.fromRank(), r -> new ArrayList<>()).add(k);
      }
      out.add(m.toRank() == me ? v : null);
    }
    if (!crossing) {
      return out;
    }
    List<Payload> outgoing = new ArrayList<>();
    for (Map.Entry<Integer, List<Integer>> e : to.entrySet()) {
      int size = 0;
      for (int k : e.getValue()) {
        size += sending[k].length;
      }
      double[] flat = new double[size];
      int offset = 0;
      for (int k : e.getValue()) {
        System.arraycopy(sending[k], 0, flat, offset, sending[k].length);
        offset += sending[k].length;
      }
      outgoing.add(Payload.of(me, e.getKey(), e.getValue().get(0), pack(flat)));
      bytesSent += 8L * size;
    }
    List<Payload> incoming;
    try {
      // An injected send fault damages the bytes after their checksum was taken: the receiver finds a mismatch.
      Communicator c = damageTo < 0 ? comm : comm.withWireFilter(WireFilter.flipLastByteTo(damageTo));
      incoming = remapping && remapTimeout != null ? c.exchange(outgoing, remapTimeout) : c.exchange(outgoing);
    } catch (ExchangeTimeoutException e) {
      // What the silent ranks send stays expected until every rank has agreed (Communicator#completeLateMessages).
      fail("waiting for " + movesFrom(moves, e.silentRanks()), e);
      return out;
    } catch (RuntimeException e) {
      // Everything has arrived before anything is checked, so the ranks are still in step.
      fail("receiving", e);
      return out;
    }
    if (incoming.size() != from.size()) {
      throw new IllegalStateException("rank " + me + " received " + incoming.size() + " payloads, expected one from"
          + " each of ranks " + from.keySet());
    }
    for (Payload p : incoming) {
      List<Integer> expected = from.get(p.source());
      if (expected == null || p.tag() != expected.get(0)) {
        throw new IllegalStateException("rank " + me + " received " + p + ", which matches no moves to it");
      }
      double[] flat;
      try {
        flat = unpack(p);
        long need = 0;
        for (int k : expected) {
          need += moves.get(k).region().volume();
        }
        if (flat.length != need) {
          throw new IllegalStateException(p + " holds " + flat.length + " values, its moves " + expected + " need "
              + need);
        }
      } catch (RuntimeException e) {
        fail("unpacking moves from rank " + p.source(), e);
        continue;
      }
      int offset = 0;
      for (int k : expected) {
        CellMove m = moves.get(k);
        int n = Math.toIntExact(m.region().volume());
        try {
          if (remapping && fault.strikes(RemapFault.Phase.UNPACK, m, k)) {
            throw new IllegalStateException("injected fault");
          }
          out.set(k, Arrays.copyOfRange(flat, offset, offset + n));
        } catch (RuntimeException e) {
          fail("unpacking move " + k + " (" + m + ")", e);
        }
        offset += n;
      }
    }
    return out;
  }

  /** The moves to this rank from {@code sources}, by index: "moves 2, 5". */
  private String movesFrom(List<CellMove> moves, List<Integer> sources) {
    StringBuilder b = new StringBuilder();
    int n = 0;
    for (int k = 0; k < moves.size(); k++) {
      CellMove m = moves.get(k);
      if (m.toRank() == comm.rank() && m.fromRank() != m.toRank() && sources.contains(m.fromRank())) {
        if (n < 8) {
          b.append(n == 0 ? "" : ", ").append(k);
        } else if (n == 8) {
          b.append(", ...");
        }
        n++;
      }
    }
    return n == 0 ? "the byte counts" : (n == 1 ? "move " : "moves ") + b;
  }

  static byte[] pack(double[] values) {
    ByteBuffer b = ByteBuffer.allocate(8 * values.length);
    b.asDoubleBuffer().put(values);
    return b.array();
  }

  private static double[] unpack(Payload p) {
    ByteBuffer b = p.view();
    if (b.remaining() % 8 != 0) {
      throw new IllegalStateException(p + ": size is not a whole number of values");
    }
    double[] v = new double[b.remaining() / 8];
    b.asDoubleBuffer().get(v);
    return v;
  }
}
