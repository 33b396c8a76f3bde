package org.amrbalance.mesh.mpi;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.amrbalance.spi.parallel.Collectives;

/**
 * A {@link Communicator} over any {@link Collectives}: exchanges go through {@link Collectives#allToAll}. With
 * {@link org.amrbalance.spi.parallel.ThreadCollectives} it runs the distributed runtime as threads of one JVM
 * without MPJ Express, for unit tests.
 *
 * <p>A collective cannot be left early, so an exchange with a timeout waits for every rank like any other, then
 * judges as an MPJ rank would have: a rank that handed its payloads over more than the timeout after this rank
 * began waiting was not heard from in time ({@link ExchangeTimeoutException}, its payloads dropped). The instants
 * are read from a clock of the group's own that moves only when a rank {@link #stall stalls}, never from the
 * machine's: a unit test of a timeout gives the same outcome on a loaded machine as on an idle one, and no rank
 * is ever late by accident. After each exchange every rank's clock is the latest rank's, as after any
 * collective. A rank that never joins hangs the others here; only {@link MpjCollectives} gives up.
 */
public final class CollectiveCommunicator implements Communicator {
  private final Collectives collectives;
  private final WireFilter filter;
  /** This rank's instant on the group's clock, in nanoseconds (shared by the wire-filtered views of this rank). */
  private final long[] clock;

  private CollectiveCommunicator(Collectives collectives, WireFilter filter, long[] clock) {
    this.collectives = collectives;
    this.filter = filter;
    this.clock = clock;
  }

  public static CollectiveCommunicator over(Collectives collectives) {
    return over(collectives, WireFilter.none());
  }

  /** With {@code filter} applied to every buffer this rank sends (fault injection). */
  public static CollectiveCommunicator over(Collectives collectives, WireFilter filter) {
    if (collectives == null) {
      throw new IllegalArgumentException("collectives = null: must not be null");
    }
    if (filter == null) {
      throw new IllegalArgumentException("filter = null: must not be null (use WireFilter.none())");
    }
    return new CollectiveCommunicator(collectives, filter, new long[1]);
  }

  @Override
  public CollectiveCommunicator withWireFilter(WireFilter filter) {
    if (filter == null) {
      throw new IllegalArgumentException("filter = null: must not be null (use WireFilter.none())");
    }
    return new CollectiveCommunicator(collectives, filter, clock);
  }

  /** Moves this rank's clock on by {@code d}: its next exchange starts that much after the others'. */
  @Override
  public void stall(Duration d) {
    if (d == null || d.isNegative()) {
      throw new IllegalArgumentException("stall = " + d + ": must be >= 0");
    }
    clock[0] += d.toNanos();
  }

  @Override
  public int rank() {
    return collectives.rank();
  }

  @Override
  public int size() {
    return collectives.size();
  }

  @Override
  public <T extends Serializable> List<T> allGather(T value) {
    return collectives.allGather(value);
  }

  @Override
  public <T extends Serializable> List<List<T>> allToAll(List<List<T>> outgoing) {
    return collectives.allToAll(outgoing);
  }

  @Override
  public <T extends Serializable> T broadcast(T value, int root) {
    return collectives.broadcast(value, root);
  }

  @Override
  public void barrier() {
    collectives.barrier();
  }

  @Override
  public double allReduceSum(double value) {
    return collectives.allReduceSum(value);
  }

  @Override
  public double allReduceMax(double value) {
    return collectives.allReduceMax(value);
  }

  @Override
  public long allReduceSum(long value) {
    return collectives.allReduceSum(value);
  }

  @Override
  public long inclusiveScanSum(long value) {
    return collectives.inclusiveScanSum(value);
  }

  @Override
  public List<Payload> exchange(List<Payload> outgoing, Duration timeout) {
    Frames.checkTimeout(timeout);
    return Frames.exchange(rank(), size(), outgoing, filter, buffers -> {
      long start = clock[0];
      byte[] handedOver = ByteBuffer.allocate(Long.BYTES).putLong(start).array();
      List<List<byte[]>> out = new ArrayList<>(buffers.length);
      for (byte[] b : buffers) {
        out.add(List.of(b, handedOver));
      }
      List<List<byte[]>> in = collectives.allToAll(out);
      SortedSet<Integer> silent = new TreeSet<>();
      byte[][] received = new byte[in.size()][];
      long latest = start;
      for (int r = 0; r < received.length; r++) {
        received[r] = in.get(r).get(0);
        long handed = ByteBuffer.wrap(in.get(r).get(1)).getLong();
        latest = Math.max(latest, handed);
        if (handed - start > timeout.toNanos()) {
          silent.add(r);
        }
      }
      clock[0] = latest;
      if (!silent.isEmpty()) {
        throw new ExchangeTimeoutException(rank(), silent, timeout);
      }
      return received;
    });
  }

  /** Nothing is ever left outstanding here: every exchange completes before it returns or throws. */
  @Override
  public int completeLateMessages() {
    return 0;
  }

  @Override
  public List<Payload> exchange(List<Payload> outgoing) {
    return Frames.exchange(rank(), size(), outgoing, filter, buffers -> {
      List<List<byte[]>> out = new ArrayList<>(buffers.length);
      for (byte[] b : buffers) {
        out.add(List.of(b));
      }
      List<List<byte[]>> in = collectives.allToAll(out);
      byte[][] received = new byte[in.size()][];
      for (int r = 0; r < received.length; r++) {
        received[r] = in.get(r).get(0);
      }
      return received;
    });
  }
}
