package org.amrbalance.mesh.mpi;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * An exchange with a deadline ({@link Communicator#exchange(List, Duration)}) in which this rank did not hear from
 * some ranks in time. Nothing of the exchange is returned; the messages still expected are completed and dropped
 * later by {@link Communicator#completeLateMessages}.
 */
public final class ExchangeTimeoutException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int rank;
  private final List<Integer> silent;
  private final Duration timeout;

  /**
   * @param rank the rank that stopped waiting
   * @param silent the ranks whose payloads had not arrived (at least one)
   * @param timeout how long it waited
   */
  public ExchangeTimeoutException(int rank, SortedSet<Integer> silent, Duration timeout) {
    super(message(rank, silent, timeout));
    this.rank = rank;
    this.silent = List.copyOf(silent);
    this.timeout = timeout;
  }

  private static String message(int rank, SortedSet<Integer> silent, Duration timeout) {
    if (rank < 0) {
      throw new IllegalArgumentException("rank = " + rank + ": must be >= 0");
    }
    if (silent == null || silent.isEmpty() || silent.first() < 0 || silent.contains(rank)) {
      throw new IllegalArgumentException("silent = " + silent + ": must name at least one other rank");
    }
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout = " + (timeout == null ? null : seconds(timeout))
          + ": must be positive");
    }
    String ranks = new TreeSet<>(silent).stream().map(String::valueOf).collect(Collectors.joining(", "));
    return "rank " + rank + " heard nothing from rank" + (silent.size() > 1 ? "s " : " ") + ranks + " within the"
        + " exchange timeout of " + seconds(timeout);
  }

  /** {@code d} in seconds, as short as exact: "1 s", "0.25 s". */
  public static String seconds(Duration d) {
    return BigDecimal.valueOf(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9)).stripTrailingZeros()
        .toPlainString() + " s";
  }

  /** The rank that stopped waiting (where this was thrown). */
  public int rank() {
    return rank;
  }

  /** The ranks it had not heard from, ascending. */
  public List<Integer> silentRanks() {
    return silent;
  }

  public Duration timeout() {
    return timeout;
  }
}
