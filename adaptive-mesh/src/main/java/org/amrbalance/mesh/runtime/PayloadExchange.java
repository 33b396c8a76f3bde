package org.amrbalance.mesh.runtime;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.CellMove;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.GridExchange;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.Payload;

/**
 * One rank of a distributed run whose grid data moves point to point: each move between two ranks is one
 * {@link Payload} (tagged by the move's index in its batch, size and CRC32 checked on arrival by
 * {@link Communicator#exchange}); moves within a rank are copies. Ghost fill, parent interpolation, restriction
 * and migration all come through {@link #move}, so a damaged byte anywhere is an error, never a wrong value.
 */
public final class PayloadExchange implements GridExchange {
  private final Communicator comm;
  private long bytesSent;

  private PayloadExchange(Communicator comm) {
    this.comm = comm;
  }

  public static PayloadExchange of(Communicator comm) {
    if (comm == null) {
      throw new IllegalArgumentException("comm = null: must not be null");
    }
    return new PayloadExchange(comm);
  }

  public Communicator communicator() {
    return comm;
  }

  /** Bytes of grid values this rank has sent to other ranks so far. */
  public long bytesSent() {
    return bytesSent;
  }

  @Override
  public int ranks() {
    return comm.size();
  }

  @Override
  public boolean holds(int rank) {
    return rank == comm.rank();
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
    for (int k = 0; k < moves.size(); k++) {
      CellMove m = moves.get(k);
      double[] v = null;
      if (m.fromRank() == me) {
        v = reader.apply(m.source()).read(m.region());
        if (m.toRank() != me) {
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
    List<Payload> incoming = comm.exchange(outgoing);
    if (incoming.size() != expected) {
      throw new IllegalStateException("rank " + me + " received " + incoming.size() + " payloads, expected "
          + expected);
    }
    for (Payload p : incoming) {
      CellMove m = moves.get(Math.toIntExact(p.tag()));
      if (m.toRank() != me || m.fromRank() != p.source() || out.get(Math.toIntExact(p.tag())) != null) {
        throw new IllegalStateException("rank " + me + " received " + p + ", which does not match move " + m);
      }
      double[] v = unpack(p);
      if (v.length != m.region().volume()) {
        throw new IllegalStateException(p + " holds " + v.length + " values, move " + m + " needs "
            + m.region().volume());
      }
      out.set(Math.toIntExact(p.tag()), v);
    }
    return out;
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

  @Override
  public double maxAll(double value) {
    return comm.allReduceMax(value);
  }

  @Override
  public double sumAll(double value) {
    return comm.allReduceSum(value);
  }

  @Override
  public <T extends Serializable> List<T> gatherAll(List<T> local) {
    return comm.allGatherFlat(local);
  }
}
