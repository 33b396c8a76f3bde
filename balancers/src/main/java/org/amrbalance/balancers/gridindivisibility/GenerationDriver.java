package org.amrbalance.balancers.gridindivisibility;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;
import org.amrbalance.balancers.baselines.LevelCappedLpt;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.BalanceProblem;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.CostModel;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Machine;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;

/**
 * Applies a whole-grid scheduler to a hierarchy one level (generation) at a time, coarsest first, as the
 * thesis balances each generation when it is created (spec §2.1). For the patches of one level:
 *
 * <ul>
 *   <li><b>size</b> M_a: the patch's work in integer units, {@code round(work · 2^36 / level work)}, so
 *       that every form sums sizes exactly; ε is scaled by the same factor;
 *   <li><b>origin</b> f(a): for a level-l patch (l &gt; 0), the rank just given to its parent (its first
 *       parent by id if it straddles several), since a new grid is generated where its parent is (§3.3);
 *       the budget then bounds exactly the parent traffic that {@code BalanceReport} measures. For a
 *       level-0 patch: its rank in the problem's previous assignment if the same patch (id, level, box) is
 *       there, else the rank of the previous level-0 piece that overlaps it most (ties: lowest rank), else,
 *       with nothing to go by, patch i of the level (in id order) starts on rank i mod N;
 *   <li><b>budget</b> t_a: from the {@link BudgetRule} with B_a + M_a = the patch's cells plus its boundary
 *       cells if the cost model counts them, and U_comm = the cost model's send cost.
 * </ul>
 */
final class GenerationDriver {
  private GenerationDriver() {}

  /** Places one level's tokens; {@code unitsPerWork} converts work (and ε) to token size units. */
  @FunctionalInterface
  interface LevelPlacement {
    /** @param below work per rank placed by the coarser levels, for breaking ties; read only */
    int[] place(List<GridToken> tokens, double unitsPerWork, double[] below);
  }

  static final double UNITS = 0x1p36;

  static Assignment balance(BalanceProblem problem, BudgetRule budgets, LevelPlacement placement) {
    Hierarchy h = problem.hierarchy();
    int ranks = problem.ranks();
    CostModel cost = problem.costModel();
    IdRanks rankOf = IdRanks.of(h.patches());
    double[] below = new double[ranks];
    for (int level = 0; level <= h.finestLevel(); level++) {
      List<Patch> patches = h.level(level);
      double work = 0;
      double pointSum = 0;
      double[] points = new double[patches.size()];
      for (int i = 0; i < patches.size(); i++) {
        Patch p = patches.get(i);
        work += p.work();
        points[i] = points(p, cost);
        pointSum += points[i];
      }
      double unitsPerWork = work > 0 ? UNITS / work : 1;
      double meanPoints = pointSum / patches.size();
      List<GridToken> tokens = new ArrayList<>(patches.size());
      for (int i = 0; i < patches.size(); i++) {
        Patch p = patches.get(i);
        int origin = level > 0 ? rankOf.get(h.parents(p.id())[0]) : levelZeroOrigin(problem, p, i);
        int budget = budgets.budget(points[i], meanPoints, cost.sendPerPointHop());
        tokens.add(GridToken.of(p.id(), Math.round(p.work() * unitsPerWork), origin, budget));
      }
      int[] placed = forTotalLoad(tokens, placement.place(tokens, unitsPerWork, below.clone()), below,
          unitsPerWork, problem.machine());
      for (int i = 0; i < patches.size(); i++) {
        rankOf.put(patches.get(i).id(), placed[i]);
        below[placed[i]] += patches.get(i).work();
      }
    }
    return Assignment.wholeGrids(h, ranks, rankOf::get);
  }

  /**
   * A level's placement made better for the total load at the same level maximum, within every grid's budget: LPT
   * keyed by the work below plus the level's, each processor's level load capped at the scheduler's own level
   * maximum ({@link LevelCappedLpt}), kept only if its largest total is smaller. A scheduler balances a level alone,
   * so without this the heaviest grids of every level stay on the processors of their heaviest parents (Enzo on 16
   * ranks: total efficiency 0.45 where round-robin reaches 0.72). Grids with no budget stay on their origin and are
   * placed first.
   */
  static int[] forTotalLoad(List<GridToken> tokens, int[] placed, double[] below, double unitsPerWork,
      Machine machine) {
    boolean none = true;
    for (double b : below) {
      none &= b == 0;
    }
    if (none || tokens.isEmpty()) {
      return placed;
    }
    int ranks = below.length;
    int m = tokens.size();
    double[] size = new double[m];
    int[] id = new int[m];
    int[] origin = new int[m];
    int[] budget = new int[m];
    double[] level = new double[ranks];
    double[] belowUnits = new double[ranks];
    for (int r = 0; r < ranks; r++) {
      belowUnits[r] = below[r] * unitsPerWork;
    }
    int pinned = 0;
    for (int i = 0; i < m; i++) {
      GridToken t = tokens.get(i);
      size[i] = t.size();
      id[i] = t.id();
      origin[i] = t.origin();
      budget[i] = t.budget();
      level[placed[i]] += size[i];
      pinned += budget[i] == 0 ? 1 : 0;
    }
    double cap = 0;
    for (double l : level) {
      cap = Math.max(cap, l);
    }
    // The pinned grids in input order, then the free ones by size descending (as doubles, as LPT compares), id.
    int[] order;
    if (pinned == 0 && exactInDouble(tokens)) {
      long[] units = new long[m];
      for (int i = 0; i < m; i++) {
        units[i] = tokens.get(i).size();
      }
      order = IndexSort.bySizeThenId(units, id, true);
    } else {
      order = new int[m];
      int p = 0;
      int f = pinned;
      for (int i = 0; i < m; i++) {
        order[budget[i] == 0 ? p++ : f++] = i;
      }
      IndexSort.sort(order, pinned, m, (a, b) -> size[a] != size[b] ? Double.compare(size[b], size[a])
          : Integer.compare(id[a], id[b]));
    }
    int[] capped = LevelCappedLpt.place(size, indices(order), belowUnits, cap, 0, new LevelCappedLpt.Allowed() {
      @Override
      public boolean test(int grid, int rank) {
        return machine.hops(origin[grid], rank) <= budget[grid];
      }

      @Override
      public int only(int grid) {
        return budget[grid] == 0 ? origin[grid] : -1;
      }
    });
    return capped != null && LevelCappedLpt.maxTotal(capped, size, belowUnits)
        < LevelCappedLpt.maxTotal(placed, size, belowUnits) ? capped : placed;
  }

  /** Whether every size converts to a double exactly, so that sizes order the same as longs and as doubles. */
  private static boolean exactInDouble(List<GridToken> tokens) {
    for (GridToken t : tokens) {
      if (t.size() > 1L << 53) {
        return false;
      }
    }
    return true;
  }

  /** A read-only list view of {@code a}, for the APIs that take an order as a list. */
  static List<Integer> indices(int[] a) {
    return new IntView(a);
  }

  private static final class IntView extends AbstractList<Integer> implements RandomAccess {
    private final int[] a;

    IntView(int[] a) {
      this.a = a;
    }

    @Override
    public Integer get(int index) {
      return a[index];
    }

    @Override
    public int size() {
      return a.length;
    }
  }

  /** B_a + M_a as the cost model counts them. */
  static double points(Patch p, CostModel cost) {
    return p.cells() + (cost.boundaryInInterGrid() ? p.box().surface() : 0);
  }

  private static int levelZeroOrigin(BalanceProblem problem, Patch patch, int index) {
    int ranks = problem.ranks();
    Assignment previous = problem.previous();
    if (previous != null) {
      Hierarchy old = previous.hierarchy();
      if (old.contains(patch.id())) {
        Patch before = old.patch(patch.id());
        int rank = previous.piecesOf(patch.id()).get(0).rank();
        if (before.level() == 0 && before.box().equals(patch.box()) && rank < ranks) {
          return rank;
        }
      }
      long best = 0;
      int bestRank = -1;
      for (Patch q : old.level(0)) {
        for (Piece piece : previous.piecesOf(q.id())) {
          long overlap = overlap(piece.box(), patch.box());
          if (piece.rank() < ranks
              && (overlap > best || (overlap == best && overlap > 0 && piece.rank() < bestRank))) {
            best = overlap;
            bestRank = piece.rank();
          }
        }
      }
      if (bestRank >= 0) {
        return bestRank;
      }
    }
    return index % ranks;
  }

  private static long overlap(Box a, Box b) {
    return a.dim() == b.dim() ? a.overlapVolume(b) : 0;
  }
}
