package org.amrbalance.mesh.grid;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * All ranks in this process: blocks keep their owner rank (for balancing and pictures) but all data lives
 * here, and a move is a copy.
 */
public final class LocalExchange implements GridExchange {
  private final int ranks;
  private final ExchangeClock clock = new ExchangeClock();

  private LocalExchange(int ranks) {
    this.ranks = ranks;
  }

  /** An exchange holding {@code ranks} ranks (at least 1). */
  public static LocalExchange of(int ranks) {
    if (ranks < 1) {
      throw new IllegalArgumentException("ranks = " + ranks + ": must be >= 1");
    }
    return new LocalExchange(ranks);
  }

  @Override
  public int ranks() {
    return ranks;
  }

  @Override
  public boolean holds(int rank) {
    return rank >= 0 && rank < ranks;
  }

  @Override
  public List<double[]> move(List<CellMove> moves, Function<Block, GridData> reader) {
    List<double[]> out = new ArrayList<>(moves.size());
    for (CellMove m : moves) {
      out.add(reader.apply(m.source()).read(m.region()));
    }
    return out;
  }

  /** Every move is a local copy, done at once. */
  @Override
  public Pending start(MoveSchedule schedule, Function<Block, GridData> reader, Sink sink) {
    long start = System.nanoTime();
    schedule.copyLocal(reader, sink);
    clock.add(schedule.kind(), start);
    return () -> {};
  }

  @Override
  public double exchangeSeconds(ExchangeKind kind) {
    return clock.seconds(kind);
  }

  @Override
  public double maxAll(double value) {
    return value;
  }

  @Override
  public double sumAll(double value) {
    return value;
  }

  @Override
  public <T extends Serializable> List<T> gatherAll(List<T> local) {
    return List.copyOf(local);
  }
}
