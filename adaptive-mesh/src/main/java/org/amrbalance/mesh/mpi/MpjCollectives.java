package org.amrbalance.mesh.mpi;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * {@link Communicator} over an MPJ Express communicator. Barrier, reductions, scans and the gather of step times
 * are MPJ's own operations on primitive arrays; object collectives move Java-serialized bytes with MPJ's
 * variable-count collectives (Allgatherv, Alltoallv, Bcast); {@link #exchange} is point-to-point (Isend/Irecv)
 * after an Alltoall of the byte counts. Use from the rank's main thread, after {@code MPI.Init}.
 */
public final class MpjCollectives implements Communicator {
  /** MPJ tag of exchange messages; MPI's non-overtaking order keeps successive exchanges apart. */
  private static final int EXCHANGE_TAG = 4711;

  private final Intracomm comm;
  private final int rank;
  private final int size;
  private final WireFilter filter;

  private MpjCollectives(Intracomm comm, WireFilter filter) {
    this.comm = comm;
    this.rank = comm.Rank();
    this.size = comm.Size();
    this.filter = filter;
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
    return new MpjCollectives(comm, WireFilter.none());
  }

  @Override
  public MpjCollectives withWireFilter(WireFilter filter) {
    if (filter == null) {
      throw new IllegalArgumentException("filter = null: must not be null (use WireFilter.none())");
    }
    return new MpjCollectives(comm, filter);
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
   * tree, and the same bits as {@link org.amrbalance.balancers.parallel.ThreadCollectives}.
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
