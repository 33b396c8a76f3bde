package org.amrbalance.mesh.grid;

import java.io.Serializable;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * Every way data moves between grid blocks: ghost fill from siblings, parent interpolation, restriction,
 * migration and the reductions of convergence checks all go through here. An in-process implementation
 * holds every rank; a message-passing one holds one. Every rank makes the same calls with the same
 * arguments in the same order (the move lists are computed from the global layout), and the receiver applies
 * all arithmetic, so a rank's result never depends on which rank holds a neighbour.
 */
public interface GridExchange {
  /** Number of ranks of the run. */
  int ranks();

  /** True if this process holds the data of {@code rank}. */
  boolean holds(int rank);

  /**
   * Carries out {@code moves}: for each move whose source rank this process holds, the values of the region
   * are read with {@code reader}; returned, aligned with {@code moves}, are the values of the moves whose
   * destination this process holds (null for the others).
   */
  List<double[]> move(List<CellMove> moves, Function<Block, GridData> reader);

  /** Receives the values of one move: {@code values[offset, offset + volume)} over the move's region. */
  @FunctionalInterface
  interface Sink {
    void accept(int move, double[] values, int offset);
  }

  /**
   * A sink that writes each move's values unchanged over its region of one block (a ghost fill): local moves can
   * then be copied from block to block directly, without a buffer in between.
   */
  interface CopySink extends Sink {
    /** The block that move {@code move} writes. */
    GridData target(int move);

    /** Writes the values of move k over {@code moves.get(k).region()} of {@code target.apply(k)}. */
    static CopySink of(List<CellMove> moves, IntFunction<GridData> target) {
      return new CopySink() {
        @Override
        public GridData target(int move) {
          return target.apply(move);
        }

        @Override
        public void accept(int move, double[] values, int offset) {
          target.apply(move).write(moves.get(move).region(), values, offset);
        }
      };
    }
  }

  /** An exchange whose messages may still be in flight; {@link #finish} waits and delivers them. */
  @FunctionalInterface
  interface Pending {
    /** Waits for the messages of the exchange and hands their moves to the sink given at the start. */
    void finish();
  }

  /**
   * Starts the moves of {@code schedule}: reads what this process sends (with {@code reader}) and sends it, and
   * hands the local moves to {@code sink} at once; the moves from other ranks reach {@code sink} in
   * {@link Pending#finish}. Between the two, the caller may compute on anything the moves neither read nor write.
   * Every rank starts and finishes the same schedules in the same order, one at a time. This implementation
   * does it all at once through {@link #move}.
   */
  default Pending start(MoveSchedule schedule, Function<Block, GridData> reader, Sink sink) {
    List<double[]> got = move(schedule.moves(), reader);
    for (int k = 0; k < got.size(); k++) {
      if (got.get(k) != null) {
        sink.accept(k, got.get(k), 0);
      }
    }
    return () -> {};
  }

  /** {@link #start} and {@link Pending#finish} at once. */
  default void run(MoveSchedule schedule, Function<Block, GridData> reader, Sink sink) {
    start(schedule, reader, sink).finish();
  }

  /**
   * Seconds this process has spent in exchanges of {@code kind} (packing, sending, waiting, unpacking; not what the
   * caller computed between start and finish); 0 where not measured.
   */
  default double exchangeSeconds(ExchangeKind kind) {
    return 0;
  }

  /**
   * Of {@link #exchangeSeconds()}, the seconds this process has spent waiting for other ranks' data to arrive (its
   * own packing, copying and unpacking excluded); 0 where not measured or where nothing crosses ranks.
   */
  default double waitingSeconds() {
    return 0;
  }

  /** Seconds in the exchanges of the solver's steps: ghost fill, interpolation and restriction. */
  default double exchangeSeconds() {
    return exchangeSeconds(ExchangeKind.GHOST_FILL) + exchangeSeconds(ExchangeKind.INTERPOLATION)
        + exchangeSeconds(ExchangeKind.RESTRICTION);
  }

  /** The maximum of {@code value} over all ranks. */
  double maxAll(double value);

  /** The sum of {@code value} over all ranks, added in rank order. */
  double sumAll(double value);

  /**
   * Every rank's entry of {@code perRank} (one per rank of the run) as the process holding that rank has it; the
   * other entries of each process must be 0. The same on every process.
   */
  default double[] gatherPerRank(double[] perRank) {
    java.util.ArrayList<double[]> mine = new java.util.ArrayList<>();
    mine.add(perRank.clone());
    double[] all = new double[perRank.length];
    for (double[] part : gatherAll(mine)) {
      for (int r = 0; r < all.length; r++) {
        all[r] += part[r];
      }
    }
    return all;
  }

  /** Every process's list, concatenated in rank order. */
  <T extends Serializable> List<T> gatherAll(List<T> local);
}
