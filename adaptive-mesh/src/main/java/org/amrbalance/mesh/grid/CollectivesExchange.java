package org.amrbalance.mesh.grid;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.amrbalance.spi.parallel.Collectives;

/**
 * One rank of a message-passing run, over {@link Collectives} (threads in tests; any transport that
 * implements it, such as MPJ Express). A batch of moves is one personalized all-to-all.
 */
public final class CollectivesExchange extends RankExchange {
  private final Collectives comm;

  private CollectivesExchange(Collectives comm) {
    super(comm);
    this.comm = comm;
  }

  public static CollectivesExchange of(Collectives comm) {
    return new CollectivesExchange(comm);
  }

  @Override
  public List<double[]> move(List<CellMove> moves, Function<Block, GridData> reader) {
    int me = comm.rank();
    List<List<double[]>> outgoing = new ArrayList<>();
    for (int r = 0; r < comm.size(); r++) {
      outgoing.add(new ArrayList<>());
    }
    List<double[]> out = new ArrayList<>(moves.size());
    for (CellMove m : moves) {
      double[] v = null;
      if (m.fromRank() == me) {
        v = reader.apply(m.source()).read(m.region());
        if (m.toRank() != me) {
          outgoing.get(m.toRank()).add(v);
          v = null;
        }
      }
      out.add(m.toRank() == me ? v : null);
    }
    List<List<double[]>> incoming = comm.allToAll(outgoing);
    int[] next = new int[comm.size()];
    for (int k = 0; k < moves.size(); k++) {
      CellMove m = moves.get(k);
      if (m.toRank() == me && m.fromRank() != me) {
        out.set(k, incoming.get(m.fromRank()).get(next[m.fromRank()]++));
      }
    }
    return out;
  }
}
