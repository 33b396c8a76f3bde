package org.amrbalance.mesh.mpi;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.amrbalance.balancers.parallel.Collectives;

/**
 * A {@link Communicator} over any {@link Collectives}: exchanges go through {@link Collectives#allToAll}. With
 * {@link org.amrbalance.balancers.parallel.ThreadCollectives} it runs the distributed runtime as threads of one JVM
 * without MPJ Express, for unit tests.
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
