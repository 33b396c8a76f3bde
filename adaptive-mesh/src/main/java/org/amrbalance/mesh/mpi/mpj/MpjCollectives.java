package org.amrbalance.mesh.mpi.mpj;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.locks.LockSupport;
import javax.annotation.Nullable;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import org.amrbalance.mesh.mpi.Communicator;
import org.amrbalance.mesh.mpi.ExchangeTimeoutException;
import org.amrbalance.mesh.mpi.Frames;
import org.amrbalance.mesh.mpi.Payload;
import org.amrbalance.mesh.mpi.Serialization;
import org.amrbalance.mesh.mpi.WireFilter;

/**
 * {@link Communicator} over an MPJ Express communicator. Barrier, reductions, scans and the gather of step times
 * are MPJ's own operations on primitive arrays; object collectives move Java-serialized bytes with MPJ's
 * variable-count collectives (Allgatherv, Alltoallv, Bcast); {@link #exchange} is point-to-point (Isend/Irecv)
 * after an Alltoall of the byte counts. Use from the rank's main thread, after {@code MPI.Init}.
 *
 * <p>An exchange with a timeout sends the byte counts point to point too (a collective cannot be left early), on
 * tags of its own: each such exchange has its pair of tags (counts, bytes), so that a message that arrives after
 * its receiver gave up can only match the receive posted for it, which stays posted until
 * {@link #completeLateMessages}. MPJ keeps collectives apart from point-to-point messages (a context of their
 * own), so the collectives in between do not see these messages either.
 */
public final class MpjCollectives implements Communicator {
  /** MPJ tag of exchange messages; MPI's non-overtaking order keeps successive exchanges apart. */
  private static final int EXCHANGE_TAG = 4711;
  /** MPJ tag of the flat double messages of {@link #postDoubles}; non-overtaking order keeps batches apart. */
  private static final int DOUBLES_TAG = 4712;
  /** MPJ tag of the notice a rank sends to each rank it stopped waiting for in an exchange with a timeout. */
  private static final int GAVE_UP_TAG = 4713;
  /** First tag of exchanges with a timeout: counts on TIMED_TAGS + 2k, bytes on TIMED_TAGS + 2k + 1. */
  private static final int TIMED_TAGS = 10_000;
  /** Tag pairs used in turn; far more exchanges than can be outstanding at once (MPI guarantees tags < 32768). */
  private static final int TIMED_TAG_PAIRS = 10_000;
  /** Polling a timed exchange: first pause, growing twofold to the longest, in nanoseconds. */
  private static final long FIRST_PAUSE = 20_000;
  private static final long LONGEST_PAUSE = 2_000_000;

  private final Intracomm comm;
  private final int rank;
  private final int size;
  private final WireFilter filter;
  private final Late late;

  private MpjCollectives(Intracomm comm, WireFilter filter, Late late) {
    this.comm = comm;
    this.rank = comm.Rank();
    this.size = comm.Size();
    this.filter = filter;
    this.late = late;
  }

  /** Over {@code MPI.COMM_WORLD} (MPI must be initialized). */
  public static MpjCollectives world() {
    if (MPI.COMM_WORLD == null) {
      throw new IllegalStateException("MPI.COMM_WORLD = null: call MPI.Init first (or start through MpjLauncher)");
    }
    return of(MPI.COMM_WORLD);
  }

  public static MpjCollectives of(Intracomm comm) {
    if (comm == null) {
      throw new IllegalArgumentException("comm = null: must not be null");
    }
    return new MpjCollectives(comm, WireFilter.none(), new Late());
  }

  @Override
  public MpjCollectives withWireFilter(WireFilter filter) {
    if (filter == null) {
      throw new IllegalArgumentException("filter = null: must not be null (use WireFilter.none())");
    }
    // The same messages: what a timed-out exchange of either leaves behind is completed by either.
    return new MpjCollectives(comm, filter, late);
  }

  @Override
  public int rank() {
    return rank;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public <T extends Serializable> List<T> allGather(T value) {
    byte[] mine = Serialization.toBytes(value);
    int[] counts = new int[size];
    comm.Allgather(new int[] {mine.length}, 0, 1, MPI.INT, counts, 0, 1, MPI.INT);
    int[] displacements = displacements(counts);
    byte[] all = new byte[total(counts)];
    comm.Allgatherv(mine, 0, mine.length, MPI.BYTE, all, 0, counts, displacements, MPI.BYTE);
    List<T> out = new ArrayList<>(size);
    for (int r = 0; r < size; r++) {
      out.add(Serialization.<T>fromBytes(all, displacements[r], counts[r], r));
    }
    return out;
  }

  @Override
  public <T extends Serializable> List<List<T>> allToAll(List<List<T>> outgoing) {
    if (outgoing.size() != size) {
      throw new IllegalArgumentException("outgoing.size = " + outgoing.size() + ": must equal the group size " + size);
    }
    byte[][] parts = new byte[size][];
    for (int r = 0; r < size; r++) {
      parts[r] = Serialization.toBytes(new ArrayList<>(outgoing.get(r)));
    }
    byte[][] received = allToAllBytes(parts);
    List<List<T>> in = new ArrayList<>(size);
    for (int r = 0; r < size; r++) {
      in.add(Serialization.<ArrayList<T>>fromBytes(received[r], 0, received[r].length, r));
    }
    return in;
  }

  @Override
  public <T extends Serializable> T broadcast(T value, int root) {
    if (root < 0 || root >= size) {
      throw new IllegalArgumentException("root = " + root + ": must be in [0, " + size + ")");
    }
    byte[] mine = rank == root ? Serialization.toBytes(value) : new byte[0];
    int[] length = {mine.length};
    comm.Bcast(length, 0, 1, MPI.INT, root);
    byte[] data = rank == root ? mine : new byte[length[0]];
    comm.Bcast(data, 0, data.length, MPI.BYTE, root);
    // The root gets a copy too, as from any collective.
    return Serialization.fromBytes(data, 0, data.length, root);
  }

  @Override
  public void barrier() {
    comm.Barrier();
  }

  /**
   * Gathered and summed in rank order, not MPJ's Allreduce: every rank gets the same bits whatever the reduction
   * tree, and the same bits as {@link org.amrbalance.spi.parallel.ThreadCollectives}.
   */
  @Override
  public double allReduceSum(double value) {
    double sum = 0;
    for (double v : allGatherDoubles(value)) {
      sum += v;
    }
    return sum;
  }

  @Override
  public double allReduceMax(double value) {
    double[] out = new double[1];
    comm.Allreduce(new double[] {value}, 0, out, 0, 1, MPI.DOUBLE, MPI.MAX);
    return out[0];
  }

  @Override
  public long allReduceSum(long value) {
    long[] out = new long[1];
    comm.Allreduce(new long[] {value}, 0, out, 0, 1, MPI.LONG, MPI.SUM);
    return out[0];
  }

  @Override
  public long inclusiveScanSum(long value) {
    long[] out = new long[1];
    comm.Scan(new long[] {value}, 0, out, 0, 1, MPI.LONG, MPI.SUM);
    return out[0];
  }

  @Override
  public double[] gatherSeconds(double seconds) {
    return allGatherDoubles(seconds);
  }

  @Override
  public List<Payload> exchange(List<Payload> outgoing) {
    return Frames.exchange(rank, size, outgoing, filter, this::pointToPoint);
  }

  @Override
  public List<Payload> exchange(List<Payload> outgoing, Duration timeout) {
    Frames.checkTimeout(timeout);
    return Frames.exchange(rank, size, outgoing, filter, buffers -> timedPointToPoint(buffers, timeout));
  }

  /** One Irecv and one Isend of {@code MPI.DOUBLE} per neighbour, receives first; nothing else travels. */
  @Override
  public Posted postDoubles(int[] to, double[][] send, int[] from, double[][] receive) {
    Posted.check(size, rank, to, send, from, receive);
    Request[] requests = new Request[to.length + from.length];
    int n = 0;
    for (int k = 0; k < from.length; k++) {
      requests[n++] = comm.Irecv(receive[k], 0, receive[k].length, MPI.DOUBLE, from[k], DOUBLES_TAG);
    }
    for (int k = 0; k < to.length; k++) {
      requests[n++] = comm.Isend(send[k], 0, send[k].length, MPI.DOUBLE, to[k], DOUBLES_TAG);
    }
    return () -> {
      if (requests.length > 0) {
        Request.Waitall(requests);
      }
    };
  }

  @Override
  public int completeLateMessages() {
    int n = late.complete(comm);
    // Notices that no stall took: a rank that was merely slow learns nothing from them, and a later stall must not.
    while (comm.Iprobe(MPI.ANY_SOURCE, GAVE_UP_TAG) != null) {
      comm.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, GAVE_UP_TAG);
    }
    return n;
  }

  /**
   * Holds this rank back until every other rank has given up waiting for it in an exchange with a timeout (each
   * sends a notice when it does), or for {@code d} at most: the fault test waits for the event, not for a
   * sleep that a loaded machine could make too short.
   */
  @Override
  public void stall(Duration d) {
    long deadline = System.nanoTime() + d.toNanos();
    long pause = FIRST_PAUSE;
    for (int heard = 0; heard < size - 1; ) {
      if (comm.Iprobe(MPI.ANY_SOURCE, GAVE_UP_TAG) != null) {
        comm.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, GAVE_UP_TAG);
        heard++;
        continue;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      LockSupport.parkNanos(Math.min(pause, left));
      pause = Math.min(2 * pause, LONGEST_PAUSE);
    }
  }

  private double[] allGatherDoubles(double value) {
    double[] all = new double[size];
    comm.Allgather(new double[] {value}, 0, 1, MPI.DOUBLE, all, 0, 1, MPI.DOUBLE);
    return all;
  }

  /** Alltoall of the counts, then one Isend/Irecv per pair of ranks that has bytes to move. */
  private byte[][] pointToPoint(byte[][] outgoing) {
    int[] sendCounts = new int[size];
    for (int r = 0; r < size; r++) {
      sendCounts[r] = outgoing[r].length;
    }
    int[] recvCounts = new int[size];
    comm.Alltoall(sendCounts, 0, 1, MPI.INT, recvCounts, 0, 1, MPI.INT);
    byte[][] received = new byte[size][];
    List<Request> requests = new ArrayList<>();
    for (int r = 0; r < size; r++) {
      received[r] = r == rank ? outgoing[r].clone() : new byte[recvCounts[r]];
      if (r != rank && recvCounts[r] > 0) {
        requests.add(comm.Irecv(received[r], 0, recvCounts[r], MPI.BYTE, r, EXCHANGE_TAG));
      }
    }
    for (int r = 0; r < size; r++) {
      if (r != rank && sendCounts[r] > 0) {
        requests.add(comm.Isend(outgoing[r], 0, sendCounts[r], MPI.BYTE, r, EXCHANGE_TAG));
      }
    }
    if (!requests.isEmpty()) {
      Request.Waitall(requests.toArray(new Request[0]));
    }
    return received;
  }

  /**
   * Counts and bytes point to point on this exchange's pair of tags, polled until everything expected has arrived
   * or the deadline. Sends are not waited for: a send that its receiver has not taken yet is completed later
   * ({@link #completeLateMessages}); its buffer is never reused.
   */
  private byte[][] timedPointToPoint(byte[][] outgoing, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    int countTag = TIMED_TAGS + 2 * late.nextPair();
    int dataTag = countTag + 1;
    // Sends of earlier exchanges that have completed by now need no further attention.
    late.sends.removeIf(r -> r.Test() != null);
    late.notices.removeIf(r -> r.Test() != null);
    List<Inbound> inbound = new ArrayList<>();
    for (int r = 0; r < size; r++) {
      if (r != rank) {
        inbound.add(new Inbound(comm, r, countTag, dataTag));
      }
    }
    List<Request> sends = new ArrayList<>();
    for (int r = 0; r < size; r++) {
      if (r != rank) {
        sends.add(comm.Isend(new int[] {outgoing[r].length}, 0, 1, MPI.INT, r, countTag));
        if (outgoing[r].length > 0) {
          sends.add(comm.Isend(outgoing[r], 0, outgoing[r].length, MPI.BYTE, r, dataTag));
        }
      }
    }
    late.sends.addAll(sends);
    long pause = FIRST_PAUSE;
    while (true) {
      boolean all = true;
      for (Inbound in : inbound) {
        all &= in.poll(comm);
      }
      if (all) {
        break;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        SortedSet<Integer> silent = new TreeSet<>();
        for (Inbound in : inbound) {
          if (!in.done) {
            silent.add(in.source);
            late.receives.add(in);
          }
        }
        for (int s : silent) {
          late.notices.add(comm.Isend(new int[] {rank}, 0, 1, MPI.INT, s, GAVE_UP_TAG));
        }
        throw new ExchangeTimeoutException(rank, silent, timeout);
      }
      LockSupport.parkNanos(Math.min(pause, left));
      pause = Math.min(2 * pause, LONGEST_PAUSE);
    }
    byte[][] received = new byte[size][];
    received[rank] = outgoing[rank].clone();
    for (Inbound in : inbound) {
      received[in.source] = in.data;
    }
    return received;
  }

  /** What one timed exchange expects from one rank: the byte count, then, unless it is 0, the bytes. */
  private static final class Inbound {
    final int source;
    final int dataTag;
    final int[] count = new int[1];
    final Request countRequest;
    @Nullable
    Request dataRequest;
    @Nullable
    byte[] data;
    boolean done;

    Inbound(Intracomm comm, int source, int countTag, int dataTag) {
      this.source = source;
      this.dataTag = dataTag;
      this.countRequest = comm.Irecv(count, 0, 1, MPI.INT, source, countTag);
    }

    /** Advances without blocking; true once everything has arrived. (A completed request is not tested again.) */
    boolean poll(Intracomm comm) {
      if (!done && dataRequest == null && countRequest.Test() != null) {
        counted(comm);
      }
      if (!done && dataRequest != null && dataRequest.Test() != null) {
        done = true;
      }
      return done;
    }

    /** Blocks until everything has arrived. */
    void await(Intracomm comm) {
      if (!done && dataRequest == null) {
        countRequest.Wait();
        counted(comm);
      }
      if (!done && dataRequest != null) {
        dataRequest.Wait();
        done = true;
      }
    }

    private void counted(Intracomm comm) {
      data = new byte[count[0]];
      if (data.length == 0) {
        done = true;
      } else {
        dataRequest = comm.Irecv(data, 0, data.length, MPI.BYTE, source, dataTag);
      }
    }
  }

  /** What exchanges with a timeout left outstanding on this rank, oldest first, and their tag pairs in turn. */
  private static final class Late {
    final List<Inbound> receives = new ArrayList<>();
    final List<Request> sends = new ArrayList<>();
    /** Gave-up notices: never waited for (their receiver may never look), tested and dropped once complete. */
    final List<Request> notices = new ArrayList<>();
    int pair;

    int nextPair() {
      int p = pair;
      pair = (pair + 1) % TIMED_TAG_PAIRS;
      return p;
    }

    /**
     * Receives first: each needs only its sender to have sent, which every rank has by now. Then the sends, which
     * every other rank's receives (taken in its exchange or in its own call of this) complete.
     */
    int complete(Intracomm comm) {
      int n = receives.size();
      for (Inbound in : receives) {
        in.await(comm);
      }
      receives.clear();
      if (!sends.isEmpty()) {
        Request.Waitall(sends.toArray(new Request[0]));
        sends.clear();
      }
      return n;
    }
  }

  private byte[][] allToAllBytes(byte[][] parts) {
    int[] sendCounts = new int[size];
    for (int r = 0; r < size; r++) {
      sendCounts[r] = parts[r].length;
    }
    int[] recvCounts = new int[size];
    comm.Alltoall(sendCounts, 0, 1, MPI.INT, recvCounts, 0, 1, MPI.INT);
    int[] sendDisplacements = displacements(sendCounts);
    int[] recvDisplacements = displacements(recvCounts);
    byte[] send = new byte[total(sendCounts)];
    for (int r = 0; r < size; r++) {
      System.arraycopy(parts[r], 0, send, sendDisplacements[r], sendCounts[r]);
    }
    byte[] recv = new byte[total(recvCounts)];
    comm.Alltoallv(send, 0, sendCounts, sendDisplacements, MPI.BYTE, recv, 0, recvCounts, recvDisplacements,
        MPI.BYTE);
    byte[][] out = new byte[size][];
    for (int r = 0; r < size; r++) {
      out[r] = new byte[recvCounts[r]];
      System.arraycopy(recv, recvDisplacements[r], out[r], 0, recvCounts[r]);
    }
    return out;
  }

  private static int[] displacements(int[] counts) {
    int[] displacements = new int[counts.length];
    for (int r = 1; r < counts.length; r++) {
      displacements[r] = displacements[r - 1] + counts[r - 1];
    }
    return displacements;
  }

  private static int total(int[] counts) {
    long sum = 0;
    for (int c : counts) {
      sum += c;
    }
    if (sum > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("collective of " + sum + " bytes: must fit in one Java array");
    }
    return (int) sum;
  }
}
