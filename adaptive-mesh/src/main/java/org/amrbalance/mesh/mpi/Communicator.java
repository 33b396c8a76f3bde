package org.amrbalance.mesh.mpi;

import java.util.List;
import org.amrbalance.balancers.parallel.Collectives;
import org.amrbalance.spi.StepTimes;

/**
 * What the distributed runtime sends between ranks: the collectives of the parallel balancers, a checked exchange
 * of byte payloads, and the gather of step times. Every rank of the group must make the same sequence of
 * collective calls; {@link #exchange}, {@link #gatherSeconds} and {@link #gatherStepTimes} are collective.
 */
public interface Communicator extends Collectives {
  /**
   * Sends each outgoing payload (whose source must be this rank) to its destination and returns every payload sent
   * to this rank by this call, ordered by source rank and then in the order the source listed them. Every rank
   * calls it, with an empty list if it has nothing to send. Each received payload's size and CRC32 are checked
   * against what its sender declared.
   *
   * @throws CorruptPayloadException on this rank if anything it received is damaged
   */
  List<Payload> exchange(List<Payload> outgoing);

  /**
   * The same communicator (same group, same messages) with {@code filter} applied to every buffer this rank sends
   * in an exchange: for fault-injection tests.
   */
  Communicator withWireFilter(WireFilter filter);

  /**
   * Every rank's value, unchecked, in rank order and the same on every rank: a rank that could not measure its
   * step sends NaN, and the receiver decides what to do with it ({@link org.amrbalance.service.StepTimeGate}).
   */
  default double[] gatherSeconds(double seconds) {
    List<Double> all = allGather(seconds);
    double[] times = new double[all.size()];
    for (int r = 0; r < times.length; r++) {
      times[r] = all.get(r);
    }
    return times;
  }

  /**
   * Every rank's time of this step, the same on every rank (the input of a remap trigger).
   *
   * @throws IllegalArgumentException on every rank if any rank's time is NaN, negative or infinite
   */
  default StepTimes gatherStepTimes(double seconds) {
    return StepTimes.of(gatherSeconds(seconds));
  }
}
