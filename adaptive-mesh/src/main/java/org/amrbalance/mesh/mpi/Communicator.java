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

  /**
   * Starts a point-to-point exchange of flat arrays of doubles: {@code send[n]} goes to rank {@code to[n]}, and
   * {@code receive[n]}, whose length the caller knows, is filled from rank {@code from[n]} by the time
   * {@link Posted#await} returns. Nothing else travels: no sizes, no checksums, no framing; the caller's schedule
   * says who sends how much to whom. Every rank that takes part in a batch calls it for that batch, in the same order
   * as the other ranks, one batch at a time; ranks with nothing to send or receive call it with empty arrays. The
   * send buffers must not change until {@code await} returns.
   *
   * <p>This default gathers through {@link #allToAll} (so every rank of the group must call it for every batch);
   * {@link MpjCollectives} posts one {@code Isend}/{@code Irecv} of {@code MPI.DOUBLE} per neighbour and nothing
   * else.
   */
  default Posted postDoubles(int[] to, double[][] send, int[] from, double[][] receive) {
    Posted.check(size(), rank(), to, send, from, receive);
    return () -> {
      List<List<double[]>> out = new java.util.ArrayList<>(size());
      for (int r = 0; r < size(); r++) {
        out.add(new java.util.ArrayList<>());
      }
      for (int n = 0; n < to.length; n++) {
        out.get(to[n]).add(send[n].clone());
      }
      List<List<double[]>> in = allToAll(out);
      for (int n = 0; n < from.length; n++) {
        List<double[]> got = in.get(from[n]);
        if (got.size() != 1 || got.get(0).length != receive[n].length) {
          throw new IllegalStateException("rank " + rank() + " expected " + receive[n].length + " values from rank "
              + from[n] + ", got " + got.size() + " messages");
        }
        System.arraycopy(got.get(0), 0, receive[n], 0, receive[n].length);
      }
    };
  }

  /** An exchange of {@link #postDoubles} under way. */
  @FunctionalInterface
  interface Posted {
    /** Waits until every receive buffer is filled and every send buffer may be reused. */
    void await();

    /** The arguments of {@link #postDoubles}: aligned, ranks in the group and not this rank. */
    static void check(int size, int rank, int[] to, double[][] send, int[] from, double[][] receive) {
      if (to.length != send.length || from.length != receive.length) {
        throw new IllegalArgumentException("to/send = " + to.length + "/" + send.length + ", from/receive = "
            + from.length + "/" + receive.length + ": must be aligned");
      }
      for (int r : to) {
        if (r < 0 || r >= size || r == rank) {
          throw new IllegalArgumentException("to rank = " + r + ": must be another rank of the " + size);
        }
      }
      for (int r : from) {
        if (r < 0 || r >= size || r == rank) {
          throw new IllegalArgumentException("from rank = " + r + ": must be another rank of the " + size);
        }
      }
    }
  }

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
   * Holds this rank back before its next exchange, as a rank that stops answering would be (fault injection):
   * over MPJ Express until every other rank has given up waiting for it, or for {@code d} at most; an in-process
   * communicator moves this rank's clock by {@code d} instead. Either way a test of a timeout never races the
   * machine's real clock. This default, for communicators without either, sleeps.
   */
  default void stall(Duration d) {
    try {
      Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

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
