package org.amrbalance.balancers.packing;

import org.amrbalance.spi.internal.Checks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import javax.annotation.concurrent.Immutable;

/**
 * The 1-D inter-grid communication extension (seed 002 section 5.4.1, spec section 13.1): how many contiguous
 * processors of a linear array each fine grid of a level gets, and where, when a grid's inter-grid traffic
 * grows with the distance from the processors that generated it.
 *
 * <p>Grid j has M_j points and was generated on processors [s_j, s_j + G_j - 1]; it gets [l_j, r_j], X_j
 * processors. Its inter-grid path length is the distance from the farthest allocated processor to the
 * nearest generating one, d_j = max(0, r_j - (s_j + G_j - 1), s_j - l_j); in the thesis's notation
 * d_j = X_j + a (Figure 5.2: generated on {P0, P1}, X = 2 gives 0 and X = 4 gives 2, a = -2 both times).
 * Its time is T_j = U_comp·M_j/X_j + U_comm·max(M_j/X_j, S_p)·d_j + C_I, and the level's time T is the
 * largest T_j.
 *
 * <p>The iterative heuristic, with the choices the spec asks for: step 1 starts every grid at its
 * single-grid optimum and, if they exceed N, scales them to N·M_j/ΣM (floored, at least 1, then the largest
 * trimmed until they fit); step 2 places grids left to right in order of s_j and sweeps back from the right
 * when r_m &gt; N - 1; step 3 takes the grid jmax of largest T_j: if it was pushed right (a = l - s &gt; 0),
 * X_k .. X_{jmax-1} shrink by one (floored at 1), k the nearest grid to its left not pushed (a_k = 0, else the
 * first); if pushed left, the mirror image on its right; step 4 keeps the change and returns to step 3 (not
 * step 1) only while T strictly falls.
 */
@Immutable
final class LinearAllocator {
  private final double computePerPoint;
  private final double sendPerPointHop;
  private final double packetSize;
  private final double intraGridCost;

  private LinearAllocator(double computePerPoint, double sendPerPointHop, double packetSize, double intraGridCost) {
    this.computePerPoint = computePerPoint;
    this.sendPerPointHop = sendPerPointHop;
    this.packetSize = packetSize;
    this.intraGridCost = intraGridCost;
  }

  /** U_comp, U_comm (&gt; 0), packet size S_p in points (&gt; 0) and the constant intra-grid cost C_I (&gt;= 0). */
  public static LinearAllocator of(double computePerPoint, double sendPerPointHop, double packetSize,
      double intraGridCost) {
    Checks.check(Double.isFinite(computePerPoint) && computePerPoint > 0, "computePerPoint", computePerPoint,
        "must be finite and > 0");
    Checks.check(Double.isFinite(sendPerPointHop) && sendPerPointHop > 0, "sendPerPointHop", sendPerPointHop,
        "must be finite and > 0");
    Checks.check(Double.isFinite(packetSize) && packetSize > 0, "packetSize", packetSize, "must be finite and > 0");
    Checks.check(Double.isFinite(intraGridCost) && intraGridCost >= 0, "intraGridCost", intraGridCost,
        "must be finite and >= 0");
    return new LinearAllocator(computePerPoint, sendPerPointHop, packetSize, intraGridCost);
  }

  /** A grid of the level: points, first generating processor, number of generating processors. */
  @Immutable
  public static final class Grid {
    final long points;
    final int source;
    final int sources;

    private Grid(long points, int source, int sources) {
      this.points = points;
      this.source = source;
      this.sources = sources;
    }

    public static Grid of(long points, int source, int sources) {
      Checks.check(points >= 1, "grid.points", points, "must be >= 1");
      Checks.check(source >= 0, "grid.source", source, "must be >= 0");
      Checks.check(sources >= 1, "grid.sources", sources, "must be >= 1");
      return new Grid(points, source, sources);
    }
  }

  /** The result: interval [left[j], right[j]] of grid j (input order), and the level time T. */
  @Immutable
  public static final class Result {
    private final int[] left;
    private final int[] right;
    private final double time;
    private final int iterations;

    Result(int[] left, int[] right, double time, int iterations) {
      this.left = left;
      this.right = right;
      this.time = time;
      this.iterations = iterations;
    }

    public int left(int j) {
      return left[j];
    }

    public int right(int j) {
      return right[j];
    }

    public int processors(int j) {
      return right[j] - left[j] + 1;
    }

    public int grids() {
      return left.length;
    }

    public double time() {
      return time;
    }

    /** Rounds of step 3 that lowered T. */
    public int iterations() {
      return iterations;
    }

    @Override
    public String toString() {
      return "LinearAllocator.Result[left=" + Arrays.toString(left) + ", right=" + Arrays.toString(right) + ", T="
          + time + "]";
    }
  }

  /** The path length d = X + a of a grid generated on [source, source + sources) and given [left, left + x). */
  public static int pathLength(int left, int x, int source, int sources) {
    int right = left + x - 1;
    return Math.max(0, Math.max(right - (source + sources - 1), source - left));
  }

  /** X* = max(M/S_p, sqrt(U_comp·M / (U_comm·S_p))), the single-grid optimum before rounding. */
  public double optimalProcessors(long points) {
    return Math.max(points / packetSize, Math.sqrt(computePerPoint * points / (sendPerPointHop * packetSize)));
  }

  /** X* rounded to whichever neighbouring integer in [1, n] gives the lower T_j, the grid at its source. */
  public int optimalProcessors(Grid g, int n) {
    double x = optimalProcessors(g.points);
    int lo = (int) Math.max(1, Math.min(n, Math.floor(x)));
    int hi = (int) Math.max(1, Math.min(n, Math.ceil(x)));
    return gridTime(g, g.source, hi) < gridTime(g, g.source, lo) ? hi : lo;
  }

  /** T_j of grid g on [left, left + x). */
  public double gridTime(Grid g, int left, int x) {
    double perProcessor = (double) g.points / x;
    return computePerPoint * perProcessor
        + sendPerPointHop * Math.max(perProcessor, packetSize) * pathLength(left, x, g.source, g.sources)
        + intraGridCost;
  }

  /** Runs the iterative heuristic for {@code grids} on processors 0..n-1 (at most one grid per processor). */
  public Result allocate(List<Grid> grids, int n) {
    Checks.notNull("grids", grids);
    Checks.check(n >= grids.size(), "n", n, "needs at least one processor per grid (" + grids.size() + " grids)");
    int m = grids.size();
    Integer[] order = new Integer[m];
    for (int j = 0; j < m; j++) {
      order[j] = j;
    }
    // Number grids left to right by where they were generated.
    Arrays.sort(order, Comparator.comparingInt((Integer j) -> grids.get(j).source).thenComparingInt(j -> j));
    List<Grid> g = new ArrayList<>(m);
    for (int j : order) {
      g.add(grids.get(j));
    }
    int[] x = initialCounts(g, n);
    int[] l = new int[m];
    int[] r = new int[m];
    place(g, x, l, r, n);
    double t = time(g, l, x);
    int iterations = 0;
    while (m > 0) {
      int jmax = 0;
      double worst = -1;
      for (int j = 0; j < m; j++) {
        double tj = gridTime(g.get(j), l[j], x[j]);
        if (tj > worst) {
          worst = tj;
          jmax = j;
        }
      }
      int shift = l[jmax] - g.get(jmax).source;
      int[] x2 = x.clone();
      boolean changed = false;
      if (shift > 0) {
        int k = 0;
        for (int j = jmax - 1; j >= 0; j--) {
          if (l[j] == g.get(j).source) {
            k = j;
            break;
          }
        }
        for (int j = k; j < jmax; j++) {
          changed |= x2[j] > 1;
          x2[j] = Math.max(1, x2[j] - 1);
        }
      } else if (shift < 0) {
        int k = m - 1;
        for (int j = jmax + 1; j < m; j++) {
          if (l[j] == g.get(j).source) {
            k = j;
            break;
          }
        }
        for (int j = jmax + 1; j <= k; j++) {
          changed |= x2[j] > 1;
          x2[j] = Math.max(1, x2[j] - 1);
        }
      }
      if (!changed) {
        break;
      }
      int[] l2 = new int[m];
      int[] r2 = new int[m];
      place(g, x2, l2, r2, n);
      double t2 = time(g, l2, x2);
      if (t2 >= t) {
        break;
      }
      x = x2;
      l = l2;
      r = r2;
      t = t2;
      iterations++;
    }
    int[] left = new int[m];
    int[] right = new int[m];
    for (int j = 0; j < m; j++) {
      left[order[j]] = l[j];
      right[order[j]] = r[j];
    }
    return new Result(left, right, t, iterations);
  }

  private int[] initialCounts(List<Grid> g, int n) {
    int m = g.size();
    int[] x = new int[m];
    long sum = 0;
    long points = 0;
    for (int j = 0; j < m; j++) {
      x[j] = optimalProcessors(g.get(j), n);
      sum += x[j];
      points += g.get(j).points;
    }
    if (sum > n) {
      sum = 0;
      for (int j = 0; j < m; j++) {
        x[j] = (int) Math.max(1, (long) ((double) n * g.get(j).points / points));
        sum += x[j];
      }
      while (sum > n) {
        int big = 0;
        for (int j = 1; j < m; j++) {
          big = x[j] > x[big] ? j : big;
        }
        x[big]--;
        sum--;
      }
    }
    return x;
  }

  /** Step 2: left to right from the sources, then back from the right edge if the last grid overflows. */
  static void place(List<Grid> g, int[] x, int[] l, int[] r, int n) {
    int m = g.size();
    int ptr = 0;
    for (int j = 0; j < m; j++) {
      l[j] = Math.max(ptr, g.get(j).source);
      r[j] = l[j] + x[j] - 1;
      ptr = r[j] + 1;
    }
    if (m > 0 && r[m - 1] > n - 1) {
      ptr = n - 1;
      for (int j = m - 1; j >= 0; j--) {
        r[j] = Math.min(ptr, r[j]);
        l[j] = r[j] - x[j] + 1;
        ptr = l[j] - 1;
      }
    }
  }

  private double time(List<Grid> g, int[] l, int[] x) {
    double t = 0;
    for (int j = 0; j < g.size(); j++) {
      t = Math.max(t, gridTime(g.get(j), l[j], x[j]));
    }
    return t;
  }
}
