package org.amrbalance.spi.parallel;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The message-passing operations a parallel balancer needs, seen from one rank. Every rank of the group
 * must make the same sequence of collective calls. Values are copied between ranks (never shared), as
 * they would be by a real message.
 */
public interface Collectives {
  /** This rank, in {@code [0, size())}. */
  int rank();

  /** Number of ranks in the group. */
  int size();

  /** Every rank receives every rank's value, indexed by the sending rank. */
  <T extends Serializable> List<T> allGather(T value);

  /**
   * Personalized all-to-all: {@code outgoing.get(r)} goes to rank r. Returns, indexed by sending rank, what
   * every rank sent to this one.
   */
  <T extends Serializable> List<List<T>> allToAll(List<List<T>> outgoing);

  /** The root's value on every rank (other ranks' arguments are ignored). */
  default <T extends Serializable> T broadcast(T value, int root) {
    return allGather(value).get(root);
  }

  default void barrier() {
    allGather(Boolean.TRUE);
  }

  default double allReduceSum(double value) {
    double sum = 0;
    for (double v : allGather(value)) {
      sum += v;
    }
    return sum;
  }

  default double allReduceMax(double value) {
    double max = Double.NEGATIVE_INFINITY;
    for (double v : allGather(value)) {
      max = Math.max(max, v);
    }
    return max;
  }

  default long allReduceSum(long value) {
    long sum = 0;
    for (long v : allGather(value)) {
      sum += v;
    }
    return sum;
  }

  /** Sum of the values of ranks {@code 0..rank()} (inclusive prefix sum). */
  default long inclusiveScanSum(long value) {
    List<Long> all = allGather(value);
    long sum = 0;
    for (int r = 0; r <= rank(); r++) {
      sum += all.get(r);
    }
    return sum;
  }

  /** Sends {@code toSend} to every rank and returns what every rank sent, as one flat list in rank order. */
  default <T extends Serializable> List<T> allGatherFlat(List<T> toSend) {
    List<T> out = new ArrayList<>();
    for (ArrayList<T> part : allGather(new ArrayList<>(toSend))) {
      out.addAll(part);
    }
    return out;
  }
}
