package org.amrbalance.mesh.runtime;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.annotation.Nullable;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.CellMove;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.RankExchange;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.ExchangeTimeoutException;
import org.amrbalance.mesh.mpi.Payload;
import org.amrbalance.mesh.mpi.WireFilter;

/**
 * One rank of a distributed run whose grid data moves point to point: each move between two ranks is one
 * {@link Payload} (tagged by the move's index in its batch, size and CRC32 checked on arrival by
 * {@link Communicator#exchange}); moves within a rank are copies. Ghost fill, parent interpolation, restriction
 * and migration all come through {@link #move}, so a damaged byte anywhere is an error, never a wrong value.
 *
 * <p>During a remap ({@link #beginRemap}), each exchange waits at most the remap timeout, if one is set, for the
 * payloads of other ranks; outside remaps an exchange waits as long as it takes (a ghost exchange has nothing to
 * go back to, and MPJ's collectives around it would wait for a silent rank anyway).
 */
public final class PayloadExchange extends RankExchange {
  private final Communicator comm;
  private long bytesSent;
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

  @Override
  public List<double[]> move(List<CellMove> moves, Function<Block, GridData> reader) {
    int me = comm.rank();
    // Every rank holds the same move list, so every rank agrees to skip the exchange when nothing crosses ranks.
    boolean crossing = false;
    for (CellMove m : moves) {
      crossing |= m.fromRank() != m.toRank();
    }
    List<Payload> outgoing = new ArrayList<>();
    List<double[]> out = new ArrayList<>(moves.size());
    int expected = 0;
    int damageTo = -1;
    for (int k = 0; k < moves.size(); k++) {
      CellMove m = moves.get(k);
      double[] v = null;
      if (m.fromRank() == me) {
        if (remapping && m.toRank() != me && !stalled && fault.strikes(RemapFault.Phase.STALL, m, k)) {
          stalled = true;
          hold(fault.stall());
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
          outgoing.add(Payload.of(me, m.toRank(), k, pack(v)));
          bytesSent += 8L * v.length;
          v = null;
        }
      } else if (m.toRank() == me) {
        expected++;
      }
      out.add(m.toRank() == me ? v : null);
    }
    if (!crossing) {
      return out;
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
    if (incoming.size() != expected) {
      throw new IllegalStateException("rank " + me + " received " + incoming.size() + " payloads, expected "
          + expected);
    }
    for (Payload p : incoming) {
      CellMove m = moves.get(Math.toIntExact(p.tag()));
      if (m.toRank() != me || m.fromRank() != p.source() || out.get(Math.toIntExact(p.tag())) != null) {
        throw new IllegalStateException("rank " + me + " received " + p + ", which does not match move " + m);
      }
      try {
        if (remapping && fault.strikes(RemapFault.Phase.UNPACK, m, Math.toIntExact(p.tag()))) {
          throw new IllegalStateException("injected fault");
        }
        double[] v = unpack(p);
        if (v.length != m.region().volume()) {
          throw new IllegalStateException(p + " holds " + v.length + " values, move " + m + " needs "
              + m.region().volume());
        }
        out.set(Math.toIntExact(p.tag()), v);
      } catch (RuntimeException e) {
        fail("unpacking move " + p.tag() + " (" + m + ")", e);
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

  private static void hold(Duration d) {
    try {
      Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
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
