package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.amrbalance.spi.Box;

/**
 * One batch of moves seen from this process, computed once per layout: which moves are local copies, and per
 * neighbouring rank (in rank order) which moves travel in its one flat message and where each starts. Sender and
 * receiver lay a message out alike (the moves between them in batch order, each region axis 0 fastest), so a
 * message carries values only: no sizes, tags or framing.
 */
public final class MoveSchedule {
  private final ExchangeKind kind;
  private final List<CellMove> moves;
  private final boolean crossing;
  private final int[] local;
  private double[] scratch = new double[0];
  private final Side send;
  private final Side receive;
  private final List<Block> sourceBlocks;
  private final StorageCache sourceStorage = new StorageCache();

  /** The moves to or from each neighbour, and the length of their message. */
  private record Side(int[] ranks, int[][] moves, int[] doubles) {
    static Side of(Map<Integer, List<Integer>> byRank, List<CellMove> all) {
      int n = byRank.size();
      int[] ranks = new int[n];
      int[][] moves = new int[n][];
      int[] doubles = new int[n];
      int i = 0;
      for (Map.Entry<Integer, List<Integer>> e : byRank.entrySet()) {
        ranks[i] = e.getKey();
        moves[i] = e.getValue().stream().mapToInt(Integer::intValue).toArray();
        long size = 0;
        for (int k : moves[i]) {
          size += all.get(k).region().volume();
        }
        doubles[i++] = Math.toIntExact(size);
      }
      return new Side(ranks, moves, doubles);
    }
  }

  private MoveSchedule(ExchangeKind kind, List<CellMove> moves, boolean crossing, int[] local, Side send,
      Side receive) {
    this.kind = kind;
    this.moves = moves;
    this.crossing = crossing;
    this.local = local;
    this.send = send;
    this.receive = receive;
    this.sourceBlocks = moves.stream().map(CellMove::source).toList();
  }

  /** The schedule of {@code moves} for the ranks {@code exchange} holds. */
  public static MoveSchedule of(ExchangeKind kind, List<CellMove> moves, GridExchange exchange) {
    if (kind == null || moves == null || exchange == null) {
      throw new IllegalArgumentException("kind, moves, exchange = null: must not be null");
    }
    List<CellMove> copy = List.copyOf(moves);
    boolean crossing = false;
    List<Integer> local = new ArrayList<>();
    Map<Integer, List<Integer>> to = new TreeMap<>();
    Map<Integer, List<Integer>> from = new TreeMap<>();
    for (int k = 0; k < copy.size(); k++) {
      CellMove m = copy.get(k);
      crossing |= m.fromRank() != m.toRank();
      boolean reads = exchange.holds(m.fromRank());
      boolean writes = exchange.holds(m.toRank());
      if (reads && writes) {
        local.add(k);
      } else if (reads) {
        to.computeIfAbsent(m.toRank(), r -> new ArrayList<>()).add(k);
      } else if (writes) {
        from.computeIfAbsent(m.fromRank(), r -> new ArrayList<>()).add(k);
      }
    }
    return new MoveSchedule(kind, copy, crossing, local.stream().mapToInt(Integer::intValue).toArray(),
        Side.of(to, copy), Side.of(from, copy));
  }

  public ExchangeKind kind() {
    return kind;
  }

  public List<CellMove> moves() {
    return moves;
  }

  /**
   * True if some move of the batch, on any rank, crosses ranks. The same on every rank (every rank holds the same
   * moves), so every rank agrees whether the batch needs the transport at all.
   */
  public boolean crossesRanks() {
    return crossing;
  }

  /** Moves this process reads and writes itself, copied without a message. */
  public int[] localMoves() {
    return local.clone();
  }

  /** The ranks this process sends one message to, ascending. */
  public int[] sendRanks() {
    return send.ranks().clone();
  }

  /** The ranks this process receives one message from, ascending. */
  public int[] receiveRanks() {
    return receive.ranks().clone();
  }

  /** The moves in the message to the {@code n}-th of {@link #sendRanks}, in the order they lie in it. */
  public int[] movesTo(int n) {
    return send.moves()[n].clone();
  }

  /** The moves in the message from the {@code n}-th of {@link #receiveRanks}, in the order they lie in it. */
  public int[] movesFrom(int n) {
    return receive.moves()[n].clone();
  }

  /** Length of the message to the {@code n}-th of {@link #sendRanks}. */
  public int doublesTo(int n) {
    return send.doubles()[n];
  }

  /** Length of the message from the {@code n}-th of {@link #receiveRanks}. */
  public int doublesFrom(int n) {
    return receive.doubles()[n];
  }

  /**
   * A reader of {@code data} that this schedule's {@link #pack} and {@link #copyLocal} resolve by move index, each
   * source block looked up once while {@code data} stays as it is, rather than once per move and exchange.
   */
  public Function<Block, GridData> reader(Map<Block, GridData> data) {
    return new Sources(this, data, sourceStorage.of(data, sourceBlocks));
  }

  /** A reader bound to one schedule: the storage of each of its moves' sources, by move index. */
  private record Sources(MoveSchedule schedule, Map<Block, GridData> data, GridData[] byMove)
      implements Function<Block, GridData> {
    @Override
    public GridData apply(Block b) {
      return data.get(b);
    }
  }

  private GridData source(Function<Block, GridData> reader, int k) {
    if (reader instanceof Sources s && s.schedule() == this && s.byMove()[k] != null) {
      return s.byMove()[k];
    }
    return reader.apply(moves.get(k).source());
  }

  /** The message to the {@code n}-th of {@link #sendRanks}: its moves' values, read with {@code reader}. */
  public double[] pack(int n, Function<Block, GridData> reader) {
    double[] out = new double[send.doubles()[n]];
    int offset = 0;
    for (int k : send.moves()[n]) {
      CellMove m = moves.get(k);
      source(reader, k).read(m.region(), out, offset);
      offset += Math.toIntExact(m.region().volume());
    }
    return out;
  }

  /** Hands each move of the message {@code values} from the {@code n}-th of {@link #receiveRanks} to {@code sink}. */
  public void unpack(int n, double[] values, GridExchange.Sink sink) {
    if (values.length != receive.doubles()[n]) {
      throw new IllegalStateException("message from rank " + receive.ranks()[n] + " holds " + values.length
          + " values, the schedule expects " + receive.doubles()[n]);
    }
    int offset = 0;
    for (int k : receive.moves()[n]) {
      sink.accept(k, values, offset);
      offset += Math.toIntExact(moves.get(k).region().volume());
    }
  }

  /**
   * Carries out the local moves: read with {@code reader} into one buffer that every local move reuses (sinks copy
   * the values out before they return), handed to {@code sink}. Not for two threads at once.
   */
  public void copyLocal(Function<Block, GridData> reader, GridExchange.Sink sink) {
    if (sink instanceof GridExchange.CopySink copy) {
      copyLocalDirect(reader, copy);
      return;
    }
    for (int k : local) {
      CellMove m = moves.get(k);
      int n = Math.toIntExact(m.region().volume());
      if (scratch.length < n) {
        scratch = new double[n];
      }
      source(reader, k).read(m.region(), scratch, 0);
      sink.accept(k, scratch, 0);
    }
  }

  /**
   * The local moves of a plain copy (a ghost fill, a regrid's install), block storage to block storage: a ghost
   * fill runs this for every colour of every sweep, and most of its moves are a cell or two wide, so a buffer and
   * checked region copies per move cost more than the copy. The regions are the schedule's own (inside both blocks' storage), so they are not
   * checked again.
   */
  private void copyLocalDirect(Function<Block, GridData> reader, GridExchange.CopySink sink) {
    for (int k : local) {
      CellMove m = moves.get(k);
      GridData from = source(reader, k);
      GridData to = sink.target(k);
      Box r = m.region();
      int nx = r.length(0);
      int ny = r.length(1);
      double[] src = from.raw();
      double[] dst = to.raw();
      int s = from.index(r.lo(0), r.lo(1));
      int d = to.index(r.lo(0), r.lo(1));
      int sStride = from.rowStride();
      int dStride = to.rowStride();
      for (int j = 0; j < ny; j++, s += sStride, d += dStride) {
        if (nx < 8) {
          for (int i = 0; i < nx; i++) {
            dst[d + i] = src[s + i];
          }
        } else {
          System.arraycopy(src, s, dst, d, nx);
        }
      }
    }
  }

  @Override
  public String toString() {
    return "MoveSchedule[" + kind + ", " + moves.size() + " moves, " + local.length + " local, to "
        + java.util.Arrays.toString(send.ranks()) + " " + java.util.Arrays.toString(send.doubles()) + ", from "
        + java.util.Arrays.toString(receive.ranks()) + " " + java.util.Arrays.toString(receive.doubles()) + "]";
  }
}
