package org.amrbalance.mesh.runtime;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.Payload;
import org.amrbalance.mesh.mpi.WireFilter;
import org.amrbalance.spi.parallel.Collectives;

/** A rank's communicator over thread ranks that hands every call on: tests override what they count. */
abstract class ForwardingCommunicator implements Communicator {
  final Communicator inner;

  ForwardingCommunicator(Collectives group) {
    this.inner = CollectiveCommunicator.over(group);
  }

  @Override
  public Posted postDoubles(int[] to, double[][] send, int[] from, double[][] receive) {
    return inner.postDoubles(to, send, from, receive);
  }

  @Override
  public List<Payload> exchange(List<Payload> outgoing) {
    return inner.exchange(outgoing);
  }

  @Override
  public List<Payload> exchange(List<Payload> outgoing, Duration timeout) {
    return inner.exchange(outgoing, timeout);
  }

  @Override
  public int completeLateMessages() {
    return inner.completeLateMessages();
  }

  @Override
  public void stall(Duration d) {
    inner.stall(d);
  }

  @Override
  public Communicator withWireFilter(WireFilter filter) {
    return inner.withWireFilter(filter);
  }

  @Override
  public int rank() {
    return inner.rank();
  }

  @Override
  public int size() {
    return inner.size();
  }

  @Override
  public <T extends Serializable> List<T> allGather(T value) {
    return inner.allGather(value);
  }

  @Override
  public <T extends Serializable> List<List<T>> allToAll(List<List<T>> outgoing) {
    return inner.allToAll(outgoing);
  }
}
