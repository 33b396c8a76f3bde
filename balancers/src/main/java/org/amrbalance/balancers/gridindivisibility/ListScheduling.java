package org.amrbalance.balancers.gridindivisibility;

import java.util.Arrays;
import java.util.List;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Topology;

/**
 * L2, list scheduling with distance tags (seed 002 §3.6, spec §13.3): the grids in decreasing size (ties by
 * id); whenever a processor becomes free (event-driven over finish times; at time 0 all are free, and of
 * processors free at the same time the lowest rank goes first), it takes the first grid of the list whose
 * distance from its origin is within its budget. A processor that finds none stays idle for good (its
 * eligible set can only shrink). Every grid is eligible on its own origin, so the list empties. Told the work
 * below each processor, processors free at the same time go in increasing order of it, then by rank.
 *
 * <p>The first eligible grid is found without scanning the list: the grids are split by budget into classes,
 * each kept in list order. A budget of at least the machine's diameter reaches every processor, so that class's
 * first grid is a candidate as it is. For a smaller budget b the class is walked from its first grid for as many
 * grids as there are processors within b hops of the free one; if none of those is eligible, the heads of the
 * per-origin queues of the class on exactly those processors are looked at instead. The earliest candidate in
 * the list wins: the same grid the scan finds, in time bounded by the balls' sizes rather than by the list's.
 */
public final class ListScheduling implements WholeGridScheduler {
  /** Balls at most this large are looked at directly, without walking the class first (hypercube: 2 hops of 16). */
  private static final int SMALL_BALL = 256;

  @Override
  public int[] schedule(List<GridToken> grids, Machine machine) {
    return schedule(grids, machine, new double[machine.ranks()]);
  }

  @Override
  public int[] schedule(List<GridToken> grids, Machine machine, double[] below) {
    int ranks = machine.ranks();
    TokenStates s = new TokenStates(grids, ranks); // validates ids and origins
    int m = s.count();
    int[] order = IndexSort.bySizeThenId(s.size, s.id, true);
    Lists lists = new Lists(s, order, machine.topology());
    int[] rank = new int[m];
    long[] time = new long[ranks];
    RankHeap free = RankHeap.ofAll(time, below);
    int left = m;
    while (left > 0 && !free.isEmpty()) {
      int r = free.peek();
      int pos = lists.firstEligible(r);
      if (pos == m) {
        free.poll(); // idle for good
        continue;
      }
      lists.take(pos);
      int grid = order[pos];
      rank[grid] = r;
      left--;
      time[r] += s.size[grid];
      free.siftTop();
    }
    return rank;
  }

  /** The grids not yet placed, by list position (0 the largest), in budget classes and per-origin queues. */
  private static final class Lists {
    /**
     * Past this many (class, processor) pairs neither resume points nor queue heads are kept (32 MB each): every
     * search walks its class from the class's head to the first grid in reach.
     */
    private static final long MAX_PAIRS = 1 << 23;
    private final Topology topology;
    private final int ranks;
    private final int m;
    private final int[] origin; // by list position
    /** Budget of each class below the diameter, ascending; the last class (index {@code classes}) reaches all. */
    private final int[] classBudget;
    private final int classes;
    /** List positions grouped by class, ascending within a class; class c is {@code [classStart[c], classStart[c + 1])}. */
    private final int[] members;
    private final int[] classStart;
    private final int[] slot; // list position -> index in members
    /** Union-find over members: the first index at or after i whose grid is not placed yet ({@code m} past the end). */
    private final int[] alive;
    private final int[] classOf; // by list position
    /**
     * Per class below the diameter and processor r ({@code c * ranks + r}), an index into members before which no
     * grid left is within r's reach: grids are only ever taken, so a search resumes there. Null if too many pairs.
     */
    private final int[] resume;
    /** The grids of classes below the diameter by origin, then class, then list position. */
    private final int[] byOrigin;
    private final int[] byOriginClass; // the class of each entry of byOrigin
    private final int[] originStart;
    private final int[] entry; // list position -> index in byOrigin
    /**
     * Per class below the diameter and origin ({@code c * ranks + o}), the list position of the queue's first grid
     * not placed yet, m if none; null with {@link #resume}. A grid taken is always its queue's first: an earlier one
     * of the same origin and budget would have been in reach too.
     */
    private final int[] headPos;
    private final long[] ballSize;

    Lists(TokenStates s, int[] order, Topology topology) {
      this.topology = topology;
      ranks = topology.size();
      m = order.length;
      int diameter = topology.diameter();
      origin = new int[m];
      int[] budget = new int[m];
      int small = 0;
      for (int p = 0; p < m; p++) {
        origin[p] = s.origin[order[p]];
        budget[p] = s.budget[order[p]];
        if (budget[p] < diameter) {
          small++;
        }
      }
      int[] smallBudgets = new int[small];
      int n = 0;
      for (int p = 0; p < m; p++) {
        if (budget[p] < diameter) {
          smallBudgets[n++] = budget[p];
        }
      }
      Arrays.sort(smallBudgets);
      int distinct = 0;
      for (int i = 0; i < small; i++) {
        if (i == 0 || smallBudgets[i] != smallBudgets[i - 1]) {
          smallBudgets[distinct++] = smallBudgets[i];
        }
      }
      classBudget = Arrays.copyOf(smallBudgets, distinct);
      classes = distinct;
      classOf = new int[m];
      classStart = new int[classes + 2];
      for (int p = 0; p < m; p++) {
        classOf[p] = budget[p] < diameter ? Arrays.binarySearch(classBudget, budget[p]) : classes;
        classStart[classOf[p] + 1]++;
      }
      for (int c = 0; c <= classes; c++) {
        classStart[c + 1] += classStart[c];
      }
      members = new int[m];
      slot = new int[m];
      int[] fill = classStart.clone();
      for (int p = 0; p < m; p++) {
        slot[p] = fill[classOf[p]]++;
        members[slot[p]] = p;
      }
      alive = new int[m + 1];
      for (int i = 0; i <= m; i++) {
        alive[i] = i;
      }
      boolean pairs = (long) classes * ranks <= MAX_PAIRS;
      resume = pairs ? new int[classes * ranks] : null;
      headPos = pairs ? new int[classes * ranks] : null;
      if (pairs) {
        for (int c = 0; c < classes; c++) {
          Arrays.fill(resume, c * ranks, (c + 1) * ranks, classStart[c]);
        }
        Arrays.fill(headPos, m);
      }
      originStart = new int[ranks + 1];
      int queued = classStart[classes];
      for (int i = 0; i < queued; i++) {
        originStart[origin[members[i]] + 1]++;
      }
      for (int r = 0; r < ranks; r++) {
        originStart[r + 1] += originStart[r];
      }
      byOrigin = new int[queued];
      byOriginClass = new int[queued];
      entry = new int[m];
      int[] at = originStart.clone();
      for (int i = 0; i < queued; i++) { // members are in class, then list order: each origin's run stays so
        int p = members[i];
        int k = at[origin[p]]++;
        byOrigin[k] = p;
        byOriginClass[k] = classOf[p];
        entry[p] = k;
        if (headPos != null && headPos[classOf[p] * ranks + origin[p]] == m) {
          headPos[classOf[p] * ranks + origin[p]] = p;
        }
      }
      ballSize = new long[classes];
      for (int c = 0; c < classes; c++) {
        ballSize[c] = ballSize(topology, classBudget[c]);
      }
    }

    /** The list position of the first grid {@code r} may take; {@code m} if none. */
    int firstEligible(int r) {
      int best = m;
      int g = find(classStart[classes]);
      if (g < m) {
        best = members[g];
      }
      for (int c = 0; c < classes; c++) {
        int end = classStart[c + 1];
        int at = resume == null ? classStart[c] : resume[c * ranks + r];
        int i = find(at);
        if (i >= end || members[i] >= best) {
          continue; // nothing left in the class for r, or nothing before the best so far
        }
        int b = classBudget[c];
        // Walk the class in list order; where few processors are in reach, the queues near r are cheaper.
        long limit = headPos == null ? Long.MAX_VALUE : ballSize[c] > SMALL_BALL ? ballSize[c] : 1;
        boolean decided = false;
        for (long steps = 0; steps < limit; steps++) {
          if (i >= end || members[i] >= best) {
            decided = true;
            break;
          }
          if (topology.hops(origin[members[i]], r) <= b) {
            best = members[i];
            decided = true;
            break;
          }
          i = find(i + 1);
        }
        if (!decided) {
          int first = firstInBall(r, c);
          i = first == m ? end : slot[first];
          best = Math.min(best, first);
        }
        if (resume != null) {
          resume[c * ranks + r] = i;
        }
      }
      return best;
    }

    void take(int pos) {
      alive[slot[pos]] = slot[pos] + 1;
      int c = classOf[pos];
      if (c < classes && headPos != null) {
        int o = origin[pos];
        int k = entry[pos] + 1;
        headPos[c * ranks + o] = k < originStart[o + 1] && byOriginClass[k] == c ? byOrigin[k] : m;
      }
    }

    private int find(int i) {
      while (alive[i] != i) {
        alive[i] = alive[alive[i]]; // path halving
        i = alive[i];
      }
      return i;
    }

    /** The earliest grid of class {@code c} left in the queues of the processors within its budget of {@code r}. */
    private int firstInBall(int r, int c) {
      int b = classBudget[c];
      int best = m;
      if (topology instanceof Topology.Hypercube) {
        int d = Integer.numberOfTrailingZeros(ranks);
        for (int k = 0; k <= Math.min(b, d); k++) {
          // Every d-bit mask of k ones, in increasing order (Gosper's hack).
          for (long mask = (1L << k) - 1; mask < 1L << d; ) {
            best = Math.min(best, head((int) (r ^ mask), c));
            if (mask == 0) {
              break;
            }
            long low = mask & -mask;
            long ripple = mask + low;
            mask = (((ripple ^ mask) >>> 2) / low) | ripple;
          }
        }
      } else if (topology instanceof Topology.Mesh mesh) {
        int p = mesh.p();
        int x0 = r % p;
        int y0 = r / p;
        for (int y = Math.max(0, y0 - b); y <= Math.min(mesh.q() - 1, (long) y0 + b); y++) {
          int reach = b - Math.abs(y - y0);
          for (int x = Math.max(0, x0 - reach); x <= Math.min(p - 1, (long) x0 + reach); x++) {
            best = Math.min(best, head(y * p + x, c));
          }
        }
      } else {
        // Fully connected: a budget below the diameter (1) is 0, the processor itself.
        best = Math.min(best, head(r, c));
      }
      return best;
    }

    /** The list position of the first grid of class {@code c} from origin {@code o} not placed yet; m if none. */
    private int head(int o, int c) {
      return headPos[c * ranks + o];
    }

    /** Processors within {@code b} hops of one, at most (the walk's length before the queues are looked at). */
    private static long ballSize(Topology topology, int b) {
      if (topology instanceof Topology.Hypercube) {
        int d = Integer.numberOfTrailingZeros(topology.size());
        long sum = 0;
        long choose = 1;
        for (int k = 0; k <= Math.min(b, d); k++) {
          sum += choose;
          choose = choose * (d - k) / (k + 1);
        }
        return sum;
      }
      if (topology instanceof Topology.Mesh) {
        return Math.min(topology.size(), 2L * b * b + 2L * b + 1);
      }
      return b == 0 ? 1 : topology.size();
    }
  }
}
