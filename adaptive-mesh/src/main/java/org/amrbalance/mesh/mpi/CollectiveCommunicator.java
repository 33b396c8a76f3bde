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
 * are {@link System#nanoTime()} of each rank, comparable because the ranks share one clock (threads of one JVM,
 * the use this class is for). A rank that never joins hangs the others here; only {@link MpjCollectives} gives up.
 */
public final class CollectiveCommunicator implements Communicator {
  private final Collectives collectives;
  private final WireFilter filter;

  private CollectiveCommunicator(Collectives collectives, WireFilter filter) {
    this.collectives = collectives;
    this.filter = filter;
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
    return new CollectiveCommunicator(collectives, filter);
  }

  @Override
  public CollectiveCommunicator withWireFilter(WireFilter filter) {
    return over(collectives, filter);
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
      long start = System.nanoTime();
      byte[] handedOver = ByteBuffer.allocate(Long.BYTES).putLong(start).array();
      List<List<byte[]>> out = new ArrayList<>(buffers.length);
      for (byte[] b : buffers) {
        out.add(List.of(b, handedOver));
      }
      List<List<byte[]>> in = collectives.allToAll(out);
      SortedSet<Integer> silent = new TreeSet<>();
      byte[][] received = new byte[in.size()][];
      for (int r = 0; r < received.length; r++) {
        received[r] = in.get(r).get(0);
        if (ByteBuffer.wrap(in.get(r).get(1)).getLong() - start > timeout.toNanos()) {
          silent.add(r);
        }
      }
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
