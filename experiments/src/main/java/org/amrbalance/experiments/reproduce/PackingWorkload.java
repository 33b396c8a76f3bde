package org.amrbalance.experiments.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * The workload generator of seed 002 §5.3.5 (spec section 14.1): each refinement level holds the fine grids
 * created inside {@code initialGrids} coarse-grid regions; a grid has M ~ U[k(1 - VAR), k(1 + VAR)] points and
 * aspect ratio r ~ U[1, MAXRATIO], w = round(sqrt(M r)) by h = round(sqrt(M / r)).
 *
 * <p>Choices the spec leaves open (14.1), fixed here:
 * <ul>
 *   <li>k = 300 · P · Q / m0: 300 points per processor on average when each coarse grid has one child on
 *       average, so k grows with the mesh in the mesh-ratio sweep and shrinks with m0 in the grid sweep.
 *   <li>Child counts: geometric on {0, 1, 2, ...} with mean 1 (P(n) = 2^-(n+1)), the discrete law closest
 *       to "exponential with mean 1".
 *   <li>Parents: the m0 initial coarse grids at every level (stationary), so levels are independent draws;
 *       a level with no grid is skipped (drawn again).
 * </ul>
 */
@Immutable
final class PackingWorkload {
  private final int initialGrids;
  private final double variance;
  private final double maxRatio;
  private final int columns;
  private final int rows;

  private PackingWorkload(int initialGrids, double variance, double maxRatio, int columns, int rows) {
    check(initialGrids >= 1, "initialGrids", initialGrids, "must be >= 1");
    check(variance >= 0 && variance < 1, "variance", variance, "must be in [0, 1)");
    check(maxRatio >= 1, "maxRatio", maxRatio, "must be >= 1");
    check(columns >= 1, "columns", columns, "must be >= 1");
    check(rows >= 1, "rows", rows, "must be >= 1");
    this.initialGrids = initialGrids;
    this.variance = variance;
    this.maxRatio = maxRatio;
    this.columns = columns;
    this.rows = rows;
  }

  /** The thesis's defaults: m0 = 40, VAR = 0.3, a 32 x 32 mesh; MAXRATIO = 3 (not stated; mid-range of 1-5). */
  static PackingWorkload defaults() {
    return new PackingWorkload(40, 0.3, 3, 32, 32);
  }

  PackingWorkload withInitialGrids(int m0) {
    return new PackingWorkload(m0, variance, maxRatio, columns, rows);
  }

  PackingWorkload withVariance(double v) {
    return new PackingWorkload(initialGrids, v, maxRatio, columns, rows);
  }

  PackingWorkload withMaxRatio(double r) {
    return new PackingWorkload(initialGrids, variance, r, columns, rows);
  }

  PackingWorkload withMesh(int p, int q) {
    return new PackingWorkload(initialGrids, variance, maxRatio, p, q);
  }

  int columns() {
    return columns;
  }

  int rows() {
    return rows;
  }

  /** Mean points per grid (spec 14.1, k). */
  double k() {
    return 300.0 * columns * rows / initialGrids;
  }

  /** The w x h (w >= h) sizes of one level's grids, drawn from {@code seed}; never empty. */
  List<long[]> level(long seed) {
    Random rnd = new Random(seed);
    List<long[]> grids = new ArrayList<>();
    while (grids.isEmpty()) {
      for (int parent = 0; parent < initialGrids; parent++) {
        int children = 0;
        while (rnd.nextDouble() < 0.5) {
          children++;
        }
        for (int c = 0; c < children; c++) {
          double points = k() * (1 - variance + 2 * variance * rnd.nextDouble());
          double r = 1 + (maxRatio - 1) * rnd.nextDouble();
          long w = Math.max(1, Math.round(Math.sqrt(points * r)));
          long h = Math.max(1, Math.round(Math.sqrt(points / r)));
          grids.add(new long[] {Math.max(w, h), Math.min(w, h)});
        }
      }
    }
    return grids;
  }

  /**
   * One level as a one-level hierarchy the balancers accept: the grids side by side along x (long side along
   * x), work = cells. Only the grids' sizes matter to the packing balancers.
   */
  static Hierarchy hierarchyOf(List<long[]> grids) {
    List<Patch> patches = new ArrayList<>();
    int x = 0;
    int top = 0;
    for (long[] g : grids) {
      int w = Math.toIntExact(g[0]);
      int h = Math.toIntExact(g[1]);
      patches.add(Patch.of(patches.size(), 0, Box.of2d(x, 0, x + w - 1, h - 1)));
      x += w;
      top = Math.max(top, h);
    }
    return Hierarchy.of(Box.of2d(0, 0, x - 1, top - 1), new int[0], patches);
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT, "PackingWorkload[m0=%d, VAR=%s, MAXRATIO=%s, mesh=%dx%d]",
        initialGrids, variance, maxRatio, columns, rows);
  }

  private static void check(boolean ok, String field, double value, String why) {
    if (!ok) {
      throw new IllegalArgumentException(field + " = " + value + ": " + why);
    }
  }
}
