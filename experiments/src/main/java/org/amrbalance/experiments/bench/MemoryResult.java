package org.amrbalance.experiments.bench;

/**
 * One balancer balancing once in a fresh JVM with a heap cap.
 *
 * @param status {@code ok}, {@code out of memory}, {@code timeout} or {@code failed}
 * @param liveBeforeBytes live heap after a full GC, holding the hierarchy and problem (-1 unless ok)
 * @param peakBytes sum of the heap pools' peak use during the call (an upper bound; -1 unless ok)
 * @param liveAfterBytes live heap after a full GC, holding also the assignment (-1 unless ok)
 * @param seconds wall time of the call (NaN unless ok)
 */
public record MemoryResult(String balancer, int grids, int ranks, long maxHeapBytes, String status,
    long liveBeforeBytes, long peakBytes, long liveAfterBytes, double seconds) {
  public boolean ok() {
    return status.equals("ok");
  }
}
