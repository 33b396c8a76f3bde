package org.amrbalance.mesh.grid;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Passes every exchange on to another and records the schedule each one runs from (for tests). */
public final class RecordingExchange implements GridExchange {
  private final GridExchange inner;
  private final List<MoveSchedule> runs = new ArrayList<>();

  public RecordingExchange(GridExchange inner) {
    this.inner = inner;
  }

  /** Every schedule run so far, in order. */
  public List<MoveSchedule> runs() {
    return runs;
  }

  /** How many exchanges of {@code kind} ran. */
  public long count(ExchangeKind kind) {
    return runs.stream().filter(m -> m.kind() == kind).count();
  }

  /** The distinct schedules (by identity) that exchanges of {@code kind} ran from. */
  public Set<MoveSchedule> distinct(ExchangeKind kind) {
    Set<MoveSchedule> s = Collections.newSetFromMap(new IdentityHashMap<>());
    for (MoveSchedule m : runs) {
      if (m.kind() == kind) {
        s.add(m);
      }
    }
    return s;
  }

  @Override
  public Pending start(MoveSchedule schedule, Function<Block, GridData> reader, Sink sink) {
    runs.add(schedule);
    return inner.start(schedule, reader, sink);
  }

  @Override
  public int ranks() {
    return inner.ranks();
  }

  @Override
  public boolean holds(int rank) {
    return inner.holds(rank);
  }

  @Override
  public List<double[]> move(List<CellMove> moves, Function<Block, GridData> reader) {
    return inner.move(moves, reader);
  }

  @Override
  public double maxAll(double value) {
    return inner.maxAll(value);
  }

  @Override
  public double sumAll(double value) {
    return inner.sumAll(value);
  }

  @Override
  public <T extends Serializable> List<T> gatherAll(List<T> local) {
    return inner.gatherAll(local);
  }
}
