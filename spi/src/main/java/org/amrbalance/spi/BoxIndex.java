package org.amrbalance.spi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds which of a fixed list of boxes intersect a query box, by hashing boxes into buckets of about one
 * typical box's size, so that hierarchies of 10^5 patches are checked in near-linear time. A box spanning more
 * than {@link #MAX_BUCKETS} buckets (one huge box among small ones) is not hashed but checked by every query, so
 * that no box set, however skewed, costs more memory than a few entries per box. Public for hosts that build
 * their own schedules (which blocks touch a ghost region): the queries a layout needs, without a pass over every
 * pair of boxes.
 */
public final class BoxIndex {
  static final int MAX_BUCKETS = 64;

  private final List<Box> boxes;
  private final int dim;
  private final int[] bucketSize;
  private final Map<BucketKey, int[]> buckets = new HashMap<>();
  private final int[] oversize;
  private final int[] stamp;
  private int query;

  private record BucketKey(int x, int y, int z) {
    /** Mixed, because a record's 31-polynomial hash of small neighbouring coordinates collides by the thousand. */
    @Override
    public int hashCode() {
      long h = (x * 0x9E3779B97F4A7C15L) ^ (y * 0xC2B2AE3D27D4EB4FL) ^ (z * 0x165667B19E3779F9L);
      h ^= h >>> 29;
      h *= 0xBF58476D1CE4E5B9L;
      return (int) (h ^ (h >>> 32));
    }
  }

  /** An index of {@code boxes}, all of one dimension; queries answer with their positions in this list. */
  public BoxIndex(List<Box> boxes) {
    this.boxes = List.copyOf(boxes);
    this.dim = boxes.isEmpty() ? 1 : boxes.get(0).dim();
    this.bucketSize = new int[dim];
    for (int d = 0; d < dim; d++) {
      int[] lengths = new int[boxes.size()];
      for (int i = 0; i < lengths.length; i++) {
        lengths[i] = boxes.get(i).length(d);
      }
      Arrays.sort(lengths);
      bucketSize[d] = lengths.length == 0 ? 1 : Math.max(1, lengths[lengths.length / 2]);
    }
    Map<BucketKey, List<Integer>> lists = new HashMap<>();
    List<Integer> large = new ArrayList<>();
    for (int i = 0; i < this.boxes.size(); i++) {
      int index = i;
      if (bucketCount(this.boxes.get(i)) > MAX_BUCKETS) {
        large.add(i);
      } else {
        forEachBucket(this.boxes.get(i), key -> lists.computeIfAbsent(key, k -> new ArrayList<>()).add(index));
      }
    }
    lists.forEach((k, v) -> buckets.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
    this.oversize = large.stream().mapToInt(Integer::intValue).toArray();
    this.stamp = new int[this.boxes.size()];
  }

  /** Indices (ascending) of the boxes that intersect {@code q}. */
  public synchronized int[] intersecting(Box q) {
    if (boxes.isEmpty()) {
      return new int[0];
    }
    query++;
    List<Integer> found = new ArrayList<>();
    if (bucketCount(q) > boxes.size()) {
      for (int i = 0; i < boxes.size(); i++) {
        if (boxes.get(i).intersects(q)) {
          found.add(i);
        }
      }
    } else {
      for (int i : oversize) {
        if (boxes.get(i).intersects(q)) {
          found.add(i);
        }
      }
      forEachBucket(q, key -> {
        int[] members = buckets.get(key);
        if (members != null) {
          for (int i : members) {
            if (stamp[i] != query) {
              stamp[i] = query;
              if (boxes.get(i).intersects(q)) {
                found.add(i);
              }
            }
          }
        }
      });
    }
    return found.stream().mapToInt(Integer::intValue).sorted().toArray();
  }

  private long bucketCount(Box b) {
    long n = 1;
    for (int d = 0; d < dim; d++) {
      n *= (long) Math.floorDiv(b.hi(d), bucketSize[d]) - Math.floorDiv(b.lo(d), bucketSize[d]) + 1;
    }
    return n;
  }

  private void forEachBucket(Box b, java.util.function.Consumer<BucketKey> action) {
    // long counters: with buckets of one cell an int counter would wrap at a box ending at Integer.MAX_VALUE
    long[] lo = new long[3];
    long[] hi = new long[3];
    for (int d = 0; d < dim; d++) {
      lo[d] = Math.floorDiv(b.lo(d), bucketSize[d]);
      hi[d] = Math.floorDiv(b.hi(d), bucketSize[d]);
    }
    for (long x = lo[0]; x <= hi[0]; x++) {
      for (long y = lo[1]; y <= hi[1]; y++) {
        for (long z = lo[2]; z <= hi[2]; z++) {
          action.accept(new BucketKey((int) x, (int) y, (int) z));
        }
      }
    }
  }
}
