package org.amrbalance.experiments.bench;

/**
 * One balancer balancing once in a fresh JVM with a heap cap.
 *
 * @param status {@code ok}, {@code out of memory}, {@code timeout} or {@code failed}
 * @param liveBeforeBytes live heap after a full GC, holding the hierarchy and problem (-1 unless ok)
 * @param peakBytes sum of the heap pools' peak use during the call (an upper bound; -1 unless ok)
 * @param liveAfterBytes live heap after a full GC, holding also the assignment (-1 unless ok)
 * @param seconds wall time of the call (NaN unless ok)
 * @param pieces pieces of the assignment, what its heap grows with (-1 unless ok)
 */
public record MemoryResult(String balancer, int grids, int ranks, long maxHeapBytes, String status,
    long liveBeforeBytes, long peakBytes, long liveAfterBytes, double seconds, long pieces) {
  public boolean ok() {
    return status.equals("ok");
  }
}
