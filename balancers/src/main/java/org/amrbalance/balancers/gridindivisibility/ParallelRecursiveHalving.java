package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.amrbalance.spi.parallel.Collectives;

/**
 * The parallel form of L1 (seed 002 §3.5, spec §9): the packets are dealt round-robin over the ranks
 * (TokenDistribution), then at each level they are sorted by (segment ascending, budget descending, size
 * ascending, id ascending) into blocks of ceil(M/N) per rank, the segment loads are reduced, the sizes are
 * prefix-summed within each (segment, budget) class by a segmented scan, and SelectPackets marks, class by
 * class from the largest budget down, the packets whose prefix sum fits the heavy segment's room; marked
 * packets cross to their partner. No rank holds more than about M/N packets between steps.
 *
 * <p>Realization on {@link Collectives}: the M_max rounds of TokenDistribution are computed from the
 * gathered packet counts and their packets sent in one all-to-all (each packet goes where its round sends
 * it, and a rank receives its packets in round order); the parallel sort is a sample sort followed by a
 * block redistribution; the segmented reductions and scans exchange each rank's per-class run sums (a few
 * words per rank) instead of Leighton's tree. Sums are of integer sizes, so the order of addition cannot
 * change a decision and the placement equals the sequential one.
 */
final class ParallelRecursiveHalving implements DistributedScheduler {
  private final double epsilon;

  public ParallelRecursiveHalving(double epsilon) {
    Checks.check(Double.isFinite(epsilon) && epsilon >= 0, "epsilon", epsilon, "must be finite and >= 0");
    this.epsilon = epsilon;
  }

  /** What one rank held at each step, for checking against the tables of the thesis's worked example. */
  public static final class Trace {
    private List<Packet> distributed = List.of();
    private final List<List<Packet>> sorted = new ArrayList<>();
    private final List<List<Long>> prefix = new ArrayList<>();
    private final List<List<Boolean>> marked = new ArrayList<>();
    private final List<Map<Integer, Long>> segmentLoads = new ArrayList<>();
    private final List<List<Packet>> updated = new ArrayList<>();

    /** This rank's packets after TokenDistribution, in arrival order. */
    public List<Packet> distributed() {
      return distributed;
    }

    /** This rank's block of the sorted packets at {@code level}. */
    public List<Packet> sorted(int level) {
      return sorted.get(level);
    }

    /** The class prefix sum of each packet of {@link #sorted}, null for a packet that cannot move. */
    public List<Long> prefix(int level) {
      return prefix.get(level);
    }

    /** Which packets of {@link #sorted} SelectPackets marked. */
    public List<Boolean> marked(int level) {
      return marked.get(level);
    }

    /** Load of every non-empty segment at {@code level} (segments after level + 1 cuts). */
    public Map<Integer, Long> segmentLoads(int level) {
      return segmentLoads.get(level);
    }

    /** {@link #sorted} after the marked packets moved. */
    public List<Packet> updated(int level) {
      return updated.get(level);
    }

    public int levels() {
      return sorted.size();
    }
  }

  @Override
  public SortedMap<Integer, Integer> run(Collectives group, List<GridToken> local, HalvingPlan plan) {
    return run(group, local, plan, new Trace());
  }

  /** {@link #run} recording this rank's steps into {@code trace}. */
  public SortedMap<Integer, Integer> run(Collectives group, List<GridToken> local, HalvingPlan plan, Trace trace) {
    Distributed.checkGroup(group, local, plan);
    List<Packet> held = tokenDistribution(group, local);
    trace.distributed = List.copyOf(held);
    for (int level = 0; level < plan.depth(); level++) {
      held = adjustDistribution(group, held, plan, level, trace);
    }
    return Distributed.informSourcesAndGather(group, held);
  }

  /** §9.2: packet j of rank i goes, in round j, to (k + b_i - 1) mod N with b the prefix count of senders. */
  static List<Packet> tokenDistribution(Collectives group, List<GridToken> local) {
    int n = group.size();
    List<Integer> counts = group.allGather(local.size());
    int rounds = Collections.max(counts);
    List<List<long[]>> outRounds = Distributed.emptyOutboxes(n);
    List<List<Packet>> out = Distributed.emptyOutboxes(n);
    long k = 0;
    for (int j = 1; j <= rounds; j++) {
      int b = 0;
      int mine = -1;
      for (int i = 0; i < n; i++) {
        if (counts.get(i) >= j) {
          b++;
          if (i == group.rank()) {
            mine = b;
          }
        }
      }
      if (mine > 0) {
        int dest = (int) ((k + mine - 1) % n);
        out.get(dest).add(Packet.of(local.get(j - 1)));
        outRounds.get(dest).add(new long[] {j});
      }
      k = (k + b) % n;
    }
    List<List<Packet>> in = group.allToAll(out);
    List<List<long[]>> inRounds = group.allToAll(outRounds);
    List<long[]> arrivals = new ArrayList<>(); // (round, sender, index)
    for (int s = 0; s < n; s++) {
      for (int i = 0; i < in.get(s).size(); i++) {
        arrivals.add(new long[] {inRounds.get(s).get(i)[0], s, i});
      }
    }
    arrivals.sort(Comparator.comparingLong((long[] a) -> a[0]).thenComparingLong(a -> a[1]));
    List<Packet> held = new ArrayList<>();
    for (long[] a : arrivals) {
      held.add(in.get((int) a[1]).get((int) a[2]));
    }
    return held;
  }

  private List<Packet> adjustDistribution(Collectives group, List<Packet> held, HalvingPlan plan, int level,
      Trace trace) {
    Comparator<Packet> order = Comparator
        .comparingInt((Packet p) -> plan.segment(level + 1, p.at()))
        .thenComparing(Comparator.comparingInt(Packet::budget).reversed())
        .thenComparingLong(Packet::size)
        .thenComparingInt(Packet::id);
    List<Packet> sorted = sortIntoBlocks(group, held, order);

    // ComputeLoadDifference: segment loads from every rank's run sums.
    ArrayList<long[]> loadRuns = new ArrayList<>();
    for (Packet p : sorted) {
      long seg = plan.segment(level + 1, p.at());
      if (loadRuns.isEmpty() || loadRuns.get(loadRuns.size() - 1)[0] != seg) {
        loadRuns.add(new long[] {seg, 0});
      }
      loadRuns.get(loadRuns.size() - 1)[1] += p.size();
    }
    Map<Integer, Long> loads = new TreeMap<>();
    for (long[] run : group.allGatherFlat(loadRuns)) {
      loads.merge((int) run[0], run[1], Long::sum);
    }
    // Every rank derives every pair's decision from the same loads.
    Map<Integer, PairMove.Decision> decision = new HashMap<>(); // by parent set
    Map<Integer, Integer> parentOf = new HashMap<>();           // segment after level+1 cuts -> set before
    for (int r = 0; r < plan.ranks(); r++) {
      parentOf.putIfAbsent(plan.segment(level + 1, r), plan.segment(level, r));
    }
    for (int seg : loads.keySet()) {
      int parent = parentOf.get(seg);
      if (plan.isCut(level, parent) && !decision.containsKey(parent)) {
        long la = loads.getOrDefault(plan.halfA(level, parent), 0L);
        long lb = loads.getOrDefault(plan.halfB(level, parent), 0L);
        decision.put(parent, PairMove.decide(plan, level, parent, la, lb, epsilon));
      }
    }

    // Candidates and the segmented scan of sizes within each (segment, budget) class.
    int m = sorted.size();
    boolean[] candidate = new boolean[m];
    ArrayList<long[]> classRuns = new ArrayList<>(); // (segment, budget, sum)
    for (int i = 0; i < m; i++) {
      Packet p = sorted.get(i);
      int seg = plan.segment(level + 1, p.at());
      PairMove.Decision d = decision.get(parentOf.get(seg));
      candidate[i] = d != null && d.heavy() == seg && p.size() > 0 && p.budget() >= plan.hopCost(level, p.at());
      if (candidate[i]) {
        long[] last = classRuns.isEmpty() ? null : classRuns.get(classRuns.size() - 1);
        if (last == null || last[0] != seg || last[1] != p.budget()) {
          classRuns.add(new long[] {seg, p.budget(), 0});
        }
        classRuns.get(classRuns.size() - 1)[2] += p.size();
      }
    }
    List<ArrayList<long[]>> allRuns = group.allGather(classRuns);
    Map<Long, Long> carry = new HashMap<>();
    TreeSet<Integer> budgets = new TreeSet<>(Comparator.reverseOrder());
    for (int r = 0; r < allRuns.size(); r++) {
      for (long[] run : allRuns.get(r)) {
        budgets.add((int) run[1]);
        if (r < group.rank()) {
          carry.merge(classKey(run[0], run[1]), run[2], Long::sum);
        }
      }
    }
    Long[] prefix = new Long[m];
    for (int i = 0; i < m; i++) {
      if (candidate[i]) {
        Packet p = sorted.get(i);
        long key = classKey(plan.segment(level + 1, p.at()), p.budget());
        long sum = carry.getOrDefault(key, 0L) + p.size();
        carry.put(key, sum);
        prefix[i] = sum;
      }
    }

    // SelectPackets: budget classes from the largest down, the room of every heavy segment updated between.
    Map<Integer, Long> room = new HashMap<>(); // by heavy segment
    Map<Integer, PairMove.Decision> bySegment = new HashMap<>();
    for (PairMove.Decision d : decision.values()) {
      if (d.heavy() >= 0) {
        room.put(d.heavy(), d.room());
        bySegment.put(d.heavy(), d);
      }
    }
    boolean[] mark = new boolean[m];
    for (int k : budgets) {
      if (room.isEmpty()) {
        break; // every heavy segment has stopped (all ranks know the same rooms)
      }
      HashMap<Integer, Long> largest = new HashMap<>();
      for (int i = 0; i < m; i++) {
        Packet p = sorted.get(i);
        if (!candidate[i] || p.budget() != k) {
          continue;
        }
        int seg = plan.segment(level + 1, p.at());
        Long r = room.get(seg);
        if (r != null && Math.multiplyExact(bySegment.get(seg).n(), prefix[i]) <= r) {
          mark[i] = true;
          largest.merge(seg, prefix[i], Math::max);
        }
      }
      Map<Integer, Long> v = new HashMap<>();
      for (HashMap<Integer, Long> part : group.allGather(largest)) {
        part.forEach((seg, val) -> v.merge(seg, val, Math::max));
      }
      for (Integer seg : new ArrayList<>(room.keySet())) {
        PairMove.Decision d = bySegment.get(seg);
        long left = room.get(seg) - d.n() * v.getOrDefault(seg, 0L);
        if (left < d.eps()) {
          room.remove(seg);
        } else {
          room.put(seg, left);
        }
      }
    }

    List<Packet> updated = new ArrayList<>(m);
    for (int i = 0; i < m; i++) {
      Packet p = sorted.get(i);
      updated.add(mark[i] ? p.movedTo(plan.partner(level, p.at()), plan.hopCost(level, p.at())) : p);
    }
    trace.sorted.add(List.copyOf(sorted));
    List<Long> prefixList = new ArrayList<>(m);
    List<Boolean> markList = new ArrayList<>(m);
    for (int i = 0; i < m; i++) {
      prefixList.add(prefix[i]);
      markList.add(mark[i]);
    }
    trace.prefix.add(Collections.unmodifiableList(prefixList));
    trace.marked.add(List.copyOf(markList));
    trace.segmentLoads.add(Collections.unmodifiableMap(loads));
    trace.updated.add(List.copyOf(updated));
    return updated;
  }

  private static long classKey(long segment, long budget) {
    return (segment << 32) | budget;
  }

  /**
   * Sorts the packets of all ranks and leaves rank r with positions [r c, (r + 1) c) of the sorted order,
   * c = ceil(M/N): a sample sort (regular samples, N - 1 splitters) and a block redistribution.
   */
  static List<Packet> sortIntoBlocks(Collectives group, List<Packet> held, Comparator<Packet> order) {
    int n = group.size();
    List<Packet> local = new ArrayList<>(held);
    local.sort(order);
    long total = group.allReduceSum((long) local.size());
    List<Packet> mine = local;
    if (n > 1) {
      ArrayList<Packet> samples = new ArrayList<>();
      for (int s = 1; s < n && !local.isEmpty(); s++) {
        samples.add(local.get((int) ((long) s * local.size() / n)));
      }
      List<Packet> pool = group.allGatherFlat(samples);
      pool.sort(order);
      List<Packet> splitters = new ArrayList<>();
      for (int s = 1; s < n && !pool.isEmpty(); s++) {
        splitters.add(pool.get((int) ((long) s * pool.size() / n)));
      }
      List<List<Packet>> buckets = Distributed.emptyOutboxes(n);
      for (Packet p : local) {
        int b = 0;
        while (b < splitters.size() && order.compare(splitters.get(b), p) <= 0) {
          b++;
        }
        buckets.get(b).add(p);
      }
      mine = new ArrayList<>();
      for (List<Packet> part : group.allToAll(buckets)) {
        mine.addAll(part);
      }
      mine.sort(order);
    }
    long before = group.inclusiveScanSum(mine.size()) - mine.size();
    long block = Math.max(1, (total + n - 1) / n);
    List<List<Packet>> out = Distributed.emptyOutboxes(n);
    for (int i = 0; i < mine.size(); i++) {
      out.get((int) ((before + i) / block)).add(mine.get(i));
    }
    List<Packet> result = new ArrayList<>();
    for (List<Packet> part : group.allToAll(out)) {
      result.addAll(part); // senders in rank order hold consecutive ranges of the sorted order
    }
    return result;
  }
}
