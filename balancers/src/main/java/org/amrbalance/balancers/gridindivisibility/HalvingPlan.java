package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.balancers.gridindivisibility.GridIndivisibilityOptions.PartnerRule;
import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Topology;

/**
 * The processor-set pairs of recursive halving (seed 002 §5.2, Figure 3.2): a binary tree of processor sets,
 * the root the whole machine, each set cut into halves A and B, level by level, until every set is one
 * processor. For each level it gives each processor's set (its "segment"), the two halves of every set that
 * is cut, the partner a grid moves to when it crosses the cut, and the hop cost of that move.
 *
 * <ul>
 *   <li><b>Hypercube and fully connected:</b> a set is a range of ranks [lo, hi); A is its first
 *       floor(n/2) ranks, B the rest. For a hypercube of 2^d ranks the level-k halves are exactly the sets
 *       sharing the k most significant address bits, and the partner is the rank with bit k complemented
 *       (one hop). A fully connected machine is addressed the same way, every move costing one hop.
 *   <li><b>2-D mesh P x Q:</b> a set is a rectangle of the mesh; cuts alternate vertical (split x; A the
 *       left part) and horizontal (split y; A the part of smaller y), starting vertical, and a rectangle one
 *       processor wide along the due axis is cut along the other. The partner follows the
 *       {@link PartnerRule}; the hop cost is the mesh distance to it (§10).
 *   <li><b>Processor counts that are not powers of two</b> (and meshes whose sides are not): halves
 *       differ by at most one processor (one row or column for a mesh); the move rule then balances
 *       towards loads proportional to the halves' sizes, and a processor of the larger half whose offset
 *       exceeds the smaller half's size is paired with the smaller half's processor at its offset modulo
 *       that size. Sets reach one processor at different depths; a one-processor set is not cut further.
 * </ul>
 *
 * <p>Segments are numbered per level in tree order (a cut set's A before its B, a set that is not cut keeps
 * one number), so that on a hypercube the segment of rank p after k cuts is {@code p >> (d - k)}: the Q_a of
 * the parallel form (§9).
 */
@Immutable
public final class HalvingPlan {
  private final Topology topology;
  private final PartnerRule rule;
  private final int depth;
  private final int[][] segment;
  private final int[][] segmentSize;
  private final int[][] designated;
  private final int[][] childA;
  private final int[][] childB;
  private final int[][] partner;
  private final int[][] hops;

  private HalvingPlan(Topology topology, PartnerRule rule, int depth, int[][] segment, int[][] segmentSize,
      int[][] designated, int[][] childA, int[][] childB, int[][] partner, int[][] hops) {
    this.topology = topology;
    this.rule = rule;
    this.depth = depth;
    this.segment = segment;
    this.segmentSize = segmentSize;
    this.designated = designated;
    this.childA = childA;
    this.childB = childB;
    this.partner = partner;
    this.hops = hops;
  }

  /** The plan for {@code machine} with the translate partner rule. */
  public static HalvingPlan of(Machine machine) {
    return of(machine, PartnerRule.TRANSLATE);
  }

  public static HalvingPlan of(Machine machine, PartnerRule rule) {
    Checks.notNull("machine", machine);
    Checks.notNull("rule", rule);
    Topology t = machine.topology();
    Block root = t instanceof Topology.Mesh mesh
        ? new Rect(mesh.p(), 0, 0, mesh.p(), mesh.q(), rule)
        : new Range(0, t.size());
    return build(t, rule, root);
  }

  private static HalvingPlan build(Topology topology, PartnerRule rule, Block root) {
    int ranks = topology.size();
    List<List<Block>> levels = new ArrayList<>();
    List<Block> current = List.of(root);
    levels.add(current);
    List<int[]> as = new ArrayList<>();
    List<int[]> bs = new ArrayList<>();
    List<int[]> partners = new ArrayList<>();
    List<int[]> hopList = new ArrayList<>();
    while (current.stream().anyMatch(b -> b.size() > 1)) {
      int level = levels.size() - 1;
      List<Block> next = new ArrayList<>();
      int[] a = new int[current.size()];
      int[] b = new int[current.size()];
      int[] part = new int[ranks];
      int[] hop = new int[ranks];
      java.util.Arrays.fill(part, -1);
      for (int n = 0; n < current.size(); n++) {
        Block block = current.get(n);
        if (block.size() == 1) {
          a[n] = -1;
          b[n] = -1;
          next.add(block);
          continue;
        }
        Block[] halves = block.halves(level);
        a[n] = next.size();
        next.add(halves[0]);
        b[n] = next.size();
        next.add(halves[1]);
        for (int side = 0; side < 2; side++) {
          Block from = halves[side];
          Block to = halves[1 - side];
          for (int r : from.ranks()) {
            int p = from.partnerIn(to, r);
            part[r] = p;
            hop[r] = topology.hops(r, p);
          }
        }
      }
      as.add(a);
      bs.add(b);
      partners.add(part);
      hopList.add(hop);
      levels.add(next);
      current = next;
    }
    int depth = levels.size() - 1;
    int[][] segment = new int[depth + 1][ranks];
    int[][] size = new int[depth + 1][];
    int[][] designated = new int[depth + 1][];
    for (int l = 0; l <= depth; l++) {
      List<Block> blocks = levels.get(l);
      size[l] = new int[blocks.size()];
      designated[l] = new int[blocks.size()];
      for (int n = 0; n < blocks.size(); n++) {
        Block block = blocks.get(n);
        size[l][n] = block.size();
        designated[l][n] = block.designated();
        for (int r : block.ranks()) {
          segment[l][r] = n;
        }
      }
    }
    return new HalvingPlan(topology, rule, depth, segment, size, designated, as.toArray(new int[0][]),
        bs.toArray(new int[0][]), partners.toArray(new int[0][]), hopList.toArray(new int[0][]));
  }

  public Topology topology() {
    return topology;
  }

  public PartnerRule rule() {
    return rule;
  }

  public int ranks() {
    return topology.size();
  }

  /**
   * Number of cutting levels: ceil(log2 N) for a range of ranks (log2 N on a hypercube); on a P x Q mesh
   * log2 N when P and Q are powers of two, at most ceil(log2 P) + ceil(log2 Q) otherwise.
   */
  public int depth() {
    return depth;
  }

  /** Number of processor sets after {@code level} cuts (level in [0, depth]). */
  public int segments(int level) {
    checkLevel(level, depth);
    return segmentSize[level].length;
  }

  /** The set holding {@code rank} after {@code level} cuts. */
  public int segment(int level, int rank) {
    checkLevel(level, depth);
    return segment[level][rank];
  }

  /** Processors in set {@code seg} after {@code level} cuts. */
  public int segmentSize(int level, int seg) {
    return segmentSize[level][seg];
  }

  /**
   * The processor that balances set {@code seg} in the gathering form (§8): the lowest rank of a range
   * (P_0..0 of a hypercube), the centre processor (x0 + w/2, y0 + h/2) of a mesh rectangle.
   */
  public int designated(int level, int seg) {
    return designated[level][seg];
  }

  /** Whether set {@code seg} (after {@code level} cuts) is cut at this level. */
  public boolean isCut(int level, int seg) {
    checkLevel(level, depth - 1);
    return childA[level][seg] >= 0;
  }

  /** Segment number, after {@code level + 1} cuts, of half A of set {@code seg}; -1 if not cut. */
  public int halfA(int level, int seg) {
    checkLevel(level, depth - 1);
    return childA[level][seg];
  }

  /** Segment number, after {@code level + 1} cuts, of half B of set {@code seg}; -1 if not cut. */
  public int halfB(int level, int seg) {
    checkLevel(level, depth - 1);
    return childB[level][seg];
  }

  /** The processor a grid on {@code rank} moves to when it crosses the cut of {@code level}; -1 if none. */
  public int partner(int level, int rank) {
    checkLevel(level, depth - 1);
    return partner[level][rank];
  }

  /** Hops of that move, charged to the grid's budget. */
  public int hopCost(int level, int rank) {
    checkLevel(level, depth - 1);
    return hops[level][rank];
  }

  private static void checkLevel(int level, int max) {
    if (level < 0 || level > max) { // checked without building the message: this is on the hot path
      throw new IllegalArgumentException("level = " + level + ": must be in [0, " + max + "]");
    }
  }

  @Override
  public String toString() {
    return "HalvingPlan[" + topology + ", " + rule + ", depth " + depth + "]";
  }

  private interface Block {
    int size();

    int[] ranks();

    int designated();

    Block[] halves(int level);

    int partnerIn(Block other, int rank);
  }

  private record Range(int lo, int n) implements Block {
    @Override
    public int size() {
      return n;
    }

    @Override
    public int[] ranks() {
      int[] r = new int[n];
      for (int i = 0; i < n; i++) {
        r[i] = lo + i;
      }
      return r;
    }

    @Override
    public int designated() {
      return lo;
    }

    @Override
    public Block[] halves(int level) {
      int half = n / 2;
      return new Block[] {new Range(lo, half), new Range(lo + half, n - half)};
    }

    @Override
    public int partnerIn(Block other, int rank) {
      Range o = (Range) other;
      return o.lo + Math.floorMod(rank - lo, o.n);
    }
  }

  private record Rect(int p, int x0, int y0, int w, int h, PartnerRule rule) implements Block {
    @Override
    public int size() {
      return w * h;
    }

    @Override
    public int[] ranks() {
      int[] r = new int[w * h];
      int i = 0;
      for (int y = y0; y < y0 + h; y++) {
        for (int x = x0; x < x0 + w; x++) {
          r[i++] = y * p + x;
        }
      }
      return r;
    }

    @Override
    public int designated() {
      return (y0 + h / 2) * p + x0 + w / 2;
    }

    @Override
    public Block[] halves(int level) {
      boolean vertical = level % 2 == 0 ? w > 1 : h == 1;
      if (vertical) {
        int half = w / 2;
        return new Block[] {new Rect(p, x0, y0, half, h, rule), new Rect(p, x0 + half, y0, w - half, h, rule)};
      }
      int half = h / 2;
      return new Block[] {new Rect(p, x0, y0, w, half, rule), new Rect(p, x0, y0 + half, w, h - half, rule)};
    }

    @Override
    public int partnerIn(Block other, int rank) {
      Rect o = (Rect) other;
      int x = rank % p;
      int y = rank / p;
      if (o.y0 == y0 && o.h == h && o.x0 != x0) {
        x = map(x, x0, o.x0, o.w);
      } else {
        y = map(y, y0, o.y0, o.h);
      }
      return y * p + x;
    }

    /** Coordinate c of this rectangle (which starts at own) in the other one (start to, length len). */
    private int map(int c, int own, int to, int len) {
      if (rule == PartnerRule.TRANSLATE) {
        return to + Math.floorMod(c - own, len);
      }
      int cut = Math.max(own, to); // the first coordinate of the half on the far side of the cut
      int mirrored = 2 * cut - 1 - c;
      return Math.max(to, Math.min(to + len - 1, mirrored));
    }
  }
}
