package org.amrbalance.mesh.mpi;

import java.time.Duration;
import java.util.List;
import org.amrbalance.spi.parallel.Collectives;
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
   * As {@link #exchange(List)}, but this rank waits at most {@code timeout} for the payloads sent to it (the byte
   * counts included, so a rank that does not join the exchange at all is noticed too). Every rank must pass the
   * same timeout to the same exchange, as with any argument of a collective.
   *
   * <p>On a timeout, the messages this rank still expects stay posted, so that they cannot be taken for a later
   * exchange's; {@link #completeLateMessages} completes and drops them once every rank is known to have sent them.
   *
   * @throws ExchangeTimeoutException on this rank if some rank's payloads have not arrived within {@code timeout}
   * @throws CorruptPayloadException on this rank if anything it received is damaged
   * @throws IllegalArgumentException if {@code timeout} is not positive or longer than {@link #MAX_TIMEOUT}
   */
  List<Payload> exchange(List<Payload> outgoing, Duration timeout);

  /** The longest timeout {@link #exchange(List, Duration)} takes (longer waits are no deadline at all). */
  Duration MAX_TIMEOUT = Duration.ofDays(1);

  /**
   * Completes the messages that exchanges with a timeout on this rank stopped waiting for, and drops their data;
   * returns how many receives it completed. Call it on every rank at a point that every rank reaches only after
   * those exchanges (after a collective that follows them), so that every such message has been sent: then it
   * does not block for long. Does nothing when no exchange timed out.
   */
  int completeLateMessages();

  /**
   * The same communicator (same group, same messages) with {@code filter} applied to every buffer this rank sends
   * in an exchange: for fault-injection tests.
   */
  Communicator withWireFilter(WireFilter filter);

  /**
   * Every rank's value, unchecked, in rank order and the same on every rank: a rank that could not measure its
   * step sends NaN, and the receiver decides what to do with it (the balancing service validates step times).
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
