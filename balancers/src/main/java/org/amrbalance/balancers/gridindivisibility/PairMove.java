package org.amrbalance.balancers.gridindivisibility;

import org.amrbalance.spi.internal.Checks;

/**
 * The move rule for one processor-set pair (A, B) at one level (seed 002 §5.3, in the budget-class form of
 * LoadBalance §7 and SelectPackets §9), in exact integer arithmetic:
 *
 * <ol>
 *   <li>L_A, L_B are the sizes of the tokens now in each half. With halves of |A| and |B| processors and
 *       a = |A|/g, b = |B|/g (g their gcd, n = a + b), the load to move is Δ = X / n with
 *       X = L_A b - L_B a; for equal halves Δ = (L_A - L_B) / 2 as printed. Unequal halves (processor
 *       counts that are not powers of two) so balance towards loads proportional to their sizes.
 *   <li>If |Δ| &lt;= ε nothing moves; otherwise the heavier half is the source and Δ := |Δ| + ε.
 *   <li>Candidates: tokens in the source with size &gt; 0 and remaining budget &gt;= the hop cost of the
 *       move (t_a &gt; 0 on a hypercube), ordered by budget descending, size ascending, token id ascending.
 *   <li>For each budget class in that order, the tokens whose class prefix sum of sizes is &lt;= Δ move
 *       to their partner (a prefix, since sizes ascend), their budget is charged the hop cost, and Δ
 *       decreases by the largest moved prefix sum; the class loop stops as soon as Δ &lt; ε.
 * </ol>
 *
 * <p>The class-prefix form moves the same grids as the per-grid scan of §5.3 except that the scan could
 * stop inside a class on grids smaller than ε; the thesis's concurrent (§7 step 4) and parallel (§9
 * SelectPackets) procedures both test the stop between classes, which is what is done here. Comparisons are
 * made as n·prefix &lt;= |X| + floor(n·ε), exact for integer sizes.
 */
final class PairMove {
  private PairMove() {}

  /** floor(n·ε), the tolerance in the scaled units of X. */
  static long scaledEpsilon(long n, double epsilon) {
    double e = Math.floor(n * epsilon);
    Checks.check(e < 0x1p62, "epsilon", epsilon, "is too large for the load units");
    return (long) e;
  }

  /**
   * What the rule decides for a pair before choosing grids: the heavier half (-1 if the pair is left alone),
   * the scaling n, the room n·(Δ + ε) and the tolerance floor(n·ε).
   */
  record Decision(int heavy, long n, long room, long eps) {}

  static Decision decide(HalvingPlan plan, int level, int seg, long loadA, long loadB, double epsilon) {
    int halfA = plan.halfA(level, seg);
    int halfB = plan.halfB(level, seg);
    int sizeA = plan.segmentSize(level + 1, halfA);
    int sizeB = plan.segmentSize(level + 1, halfB);
    long g = gcd(sizeA, sizeB);
    long a = sizeA / g;
    long b = sizeB / g;
    long n = a + b;
    long x = Math.subtractExact(Math.multiplyExact(loadA, b), Math.multiplyExact(loadB, a));
    long eps = scaledEpsilon(n, epsilon);
    if (Math.abs(x) <= eps) {
      return new Decision(-1, n, 0, eps);
    }
    return new Decision(x > 0 ? halfA : halfB, n, Math.addExact(Math.abs(x), eps), eps);
  }

  /**
   * Balances the pair that set {@code seg} is cut into at {@code level}, among the tokens {@code members[0..
   * count)} (indices into {@code s}, all currently in set {@code seg}); moves are applied to {@code s}.
   */
  static void balance(HalvingPlan plan, int level, int seg, int[] members, int count, TokenStates s,
      double epsilon) {
    int halfA = plan.halfA(level, seg);
    if (halfA < 0 || count == 0) {
      return;
    }
    long loadA = 0;
    long loadB = 0;
    for (int i = 0; i < count; i++) {
      int k = members[i];
      if (plan.segment(level + 1, s.at[k]) == halfA) {
        loadA += s.size[k];
      } else {
        loadB += s.size[k];
      }
    }
    Decision d = decide(plan, level, seg, loadA, loadB, epsilon);
    if (d.heavy() < 0) {
      return;
    }
    int heavy = d.heavy();
    long n = d.n();
    long eps = d.eps();
    long room = d.room();

    int[] cand = new int[count];
    int c = 0;
    for (int i = 0; i < count; i++) {
      int k = members[i];
      if (s.size[k] > 0 && plan.segment(level + 1, s.at[k]) == heavy && s.budget[k] >= plan.hopCost(level, s.at[k])) {
        cand[c++] = k;
      }
    }
    int[] order = candidateOrder(cand, c, s);
    int i = 0;
    while (i < c) {
      int budget = s.budget[order[i]];
      int end = i;
      while (end < c && s.budget[order[end]] == budget) {
        end++;
      }
      long prefix = 0;
      long moved = 0;
      for (int j = i; j < end; j++) {
        int k = order[j];
        prefix += s.size[k];
        if (Math.multiplyExact(n, prefix) > room) {
          break; // sizes ascend, so no later token of the class fits either
        }
        moved = prefix;
        int from = s.at[k];
        s.at[k] = plan.partner(level, from);
        s.budget[k] -= plan.hopCost(level, from);
      }
      room -= n * moved;
      if (room < eps) {
        return;
      }
      i = end;
    }
  }

  /**
   * The candidates by budget descending, size ascending, id ascending (§5.3). Sorted by size and id first (a
   * pass when the caller already keeps its members in that order, as the sequential form does), then stably by
   * budget, by counting when the budgets span a short range (hop budgets are small numbers).
   */
  static int[] candidateOrder(int[] cand, int c, TokenStates s) {
    IndexSort.sort(cand, 0, c, (p, q) -> s.size[p] != s.size[q] ? Long.compare(s.size[p], s.size[q])
        : Integer.compare(s.id[p], s.id[q]));
    if (c == 0) {
      return cand;
    }
    int min = s.budget[cand[0]];
    int max = min;
    for (int i = 1; i < c; i++) {
      min = Math.min(min, s.budget[cand[i]]);
      max = Math.max(max, s.budget[cand[i]]);
    }
    if (min == max) {
      return cand;
    }
    if ((long) max - min > c + 64L) {
      IndexSort.sort(cand, 0, c, (p, q) -> Integer.compare(s.budget[q], s.budget[p]));
      return cand;
    }
    int[] start = new int[max - min + 2];
    for (int i = 0; i < c; i++) {
      start[max - s.budget[cand[i]] + 1]++;
    }
    for (int b = 1; b < start.length; b++) {
      start[b] += start[b - 1];
    }
    int[] out = new int[c];
    for (int i = 0; i < c; i++) {
      out[start[max - s.budget[cand[i]]]++] = cand[i];
    }
    return out;
  }

  static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }
}
